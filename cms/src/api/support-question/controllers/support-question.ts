import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::support-question.support-question');
