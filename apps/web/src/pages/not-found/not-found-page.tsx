import { Link } from 'react-router';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.notFound}>
      <p className={styles.code} aria-hidden>
        404
      </p>
      <h1 className={styles.title}>页面不存在</h1>
      <p className={styles.text}>你访问的页面不存在或已被移除，请检查地址是否正确。</p>
      <Link to="/" className="ui-button ui-button-primary">
        返回首页
      </Link>
    </section>
  );
}
