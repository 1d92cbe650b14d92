import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::support-question.support-question');
