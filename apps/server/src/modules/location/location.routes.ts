import { LocationResultSchema, SiteInfoSchema, okEnvelope } from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { toLocationResult } from './location.mapper';
import { locate, siteInfo, type LocationDeps, type SiteDeps } from './location.service';

const errors = errorResponses(400);

export const locationRoutes =
  (deps: LocationDeps & SiteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/location/ip',
      {
        schema: {
          tags: ['site'],
          summary: '按请求的 IP 判断所在地（国家代码，中国大陆为 156）；离线数据，不调用第三方',
          response: { 200: okEnvelope(LocationResultSchema), ...errors },
        },
      },
      async (request, reply) => {
        // The answer is this client's alone: no shared cache may keep it for another address.
        void reply.header('cache-control', 'private, no-store');
        return { data: toLocationResult(await locate(deps, request.ip)) };
      },
    );

    app.get(
      '/api/site/info',
      {
        schema: {
          tags: ['site'],
          summary: '站点信息：大陆站与国际站的地址，ICP 备案号与公安备案号',
          response: { 200: okEnvelope(SiteInfoSchema), ...errors },
        },
      },
      async () => ({ data: siteInfo(deps) }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(
    locationRoutes({
      geoIp: context.geoIp,
      fixedAddresses: context.config.GEOIP_FIXED_ADDRESSES,
      mainSites: context.config.SITE_MAIN_URLS,
      internationalSites: context.config.SITE_INTERNATIONAL_URLS,
      icpLicense: context.config.ICP_LICENSE,
      publicSecurityFiling: context.config.PUBLIC_SECURITY_FILING,
    }),
  );
