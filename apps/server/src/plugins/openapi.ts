import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { appVersion } from '../config';

export const docsPrefix = '/api/docs';

/** The OpenAPI document is generated from the contract's zod schemas on the routes. */
export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ninety API',
        description:
          'Ninety（PTE 备考）的接口。成功：HTTP 2xx，`{ data }`；错误：`{ code, msg }`，错误码见 docs/errors.md。',
        version: appVersion,
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
