import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/load-with-reload';
import { page } from '../lib/page';
import { reportClientError } from '../lib/report-client-error';
import styles from './route-error-page.module.css';

/** Says what went wrong and offers a reload. */
export function RouteErrorView({ error }: { error: unknown }) {
  const isChunkError = error instanceof ChunkLoadError;

  useEffect(() => {
    reportClientError(isChunkError ? 'chunk-load' : 'render', error);
  }, [error, isChunkError]);

  return (
    <section className={styles.error} role="alert">
      <h1 className={styles.title}>{isChunkError ? '页面加载失败' : '页面出错了'}</h1>
      <p className={styles.text}>
        {isChunkError
          ? '网络不稳定或网站刚刚更新，页面没能加载出来。请检查网络后重新加载。'
          : '页面遇到了意外问题。请重新加载；如果问题仍然存在，请稍后再试。'}
      </p>
      <div className={styles.actions}>
        <button type="button" className="ui-button ui-button-primary" onClick={() => page.reload()}>
          重新加载
        </button>
        <Link to="/" className="ui-button" reloadDocument>
          返回首页
        </Link>
      </div>
    </section>
  );
}

/** The error element of every route. */
export function RouteErrorPage() {
  return <RouteErrorView error={useRouteError()} />;
}
