import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { appVersion } from '../config';

export const docsPrefix = '/api/docs';

/** The OpenAPI document is generated from the contract's zod schemas on the routes. */
export async function registerOpenApi(
  app: FastifyInstance,
  publicBaseUrl: string,
  serveDocs: boolean,
): Promise<void> {
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
  // The document is always built (tests walk every route from it); serving it is a choice, off by
  // default in production (API_DOCS).
  if (!serveDocs) return;
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    staticCSP: true,
    // TLS may end in front of us or not at all: upgrading would break plain-http installs.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
