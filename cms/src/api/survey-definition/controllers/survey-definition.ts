import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::survey-definition.survey-definition');
