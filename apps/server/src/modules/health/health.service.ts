import type { Health } from '@ninety/contract';
import { ErrorCode } from '@ninety/contract';
import { AppError } from '../../lib/app-error';

export interface HealthDeps {
  ping(): Promise<void>;
  driver: Health['database']['driver'];
  version: string;
  startedAt: number;
  /** True while services loaded after listening are still loading (lib/warm-up). */
  warming?: () => boolean;
  now?: () => number;
}

/**
 * Healthy only when the database answers; load balancers take the process out otherwise. While
 * the speech engine and language tools load after start, "warming": it serves, scoring may wait.
 */
export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const now = deps.now ?? performance.now.bind(performance);
  const started = now();
  try {
    await deps.ping();
  } catch {
    throw new AppError(ErrorCode.Unavailable, '数据库暂不可用');
  }
  return {
    status: deps.warming?.() ? 'warming' : 'ok',
    database: { driver: deps.driver, latencyMs: Math.round((now() - started) * 100) / 100 },
    version: deps.version,
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
  };
}
