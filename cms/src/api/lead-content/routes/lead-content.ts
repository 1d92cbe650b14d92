import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::lead-content.lead-content');
