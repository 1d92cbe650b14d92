-- Strapi's own database beside the portal's (docker-compose.yml mounts this into postgres' init folder)
CREATE DATABASE strapi;
