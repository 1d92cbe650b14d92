import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::support-question.support-question');
