import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::lead-content.lead-content');
