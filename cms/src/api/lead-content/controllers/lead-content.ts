import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::lead-content.lead-content');
