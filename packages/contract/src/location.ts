import { z } from 'zod';

/** Spec §9: mainland China's nation code (ISO 3166-1 numeric). */
export const MAINLAND_NATION_CODE = 156;

/**
 * The learner's location by IP (spec §4 "Location check"), answered by our own server from offline
 * data: the spec's original asked a third-party maps script for `nation_code`.
 */
export const LocationResultSchema = z
  .object({
    nationCode: z
      .number()
      .int()
      .nullable()
      .describe('国家代码（ISO 3166-1 数字码，中国大陆为 156）；内网、保留或无法识别的地址为 null'),
    countryCode: z.string().nullable().describe('ISO 3166-1 二字母代码，如 CN、HK、AU'),
    mainland: z.boolean().describe('是否在中国大陆（港澳台不算）'),
    province: z.string().describe('大陆地址的省份，其余为空'),
    city: z.string().describe('大陆地址的城市，其余为空'),
  })
  .meta({ id: 'LocationResult', description: '按 IP 判断的所在地' });
export type LocationResult = z.infer<typeof LocationResultSchema>;

const FilingSchema = z.object({ text: z.string(), url: z.url() });

/** What the web app needs to know about the sites: the hosts to switch between and the filings. */
export const SiteInfoSchema = z
  .object({
    mainSites: z.array(z.url()).describe('大陆站点的地址（第一个为切换目标）'),
    internationalSites: z.array(z.url()).describe('国际站点的地址（第一个为切换目标）'),
    icp: FilingSchema.nullable().describe('ICP 备案号及查询链接；未配置为 null'),
    publicSecurity: FilingSchema.nullable().describe('公安备案号及查询链接；未配置为 null'),
  })
  .meta({ id: 'SiteInfo', description: '站点与备案信息' });
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
