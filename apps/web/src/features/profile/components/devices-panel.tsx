import type { DeviceSession } from '@ninety/contract';
import { Button, Popconfirm, Tag } from 'antd';
import { QueryState } from '../../../components/query-state';
import { relativeTime } from '../../../lib/format';
import { useDevices } from '../api/list-devices';
import { useSignOutAllDevices, useSignOutDevice } from '../api/sign-out-device';
import styles from './devices-panel.module.css';

const CLIENT_NAMES: Record<string, string> = { pcweb: '网页', h5: '手机网页', app: 'App' };

function DeviceRow({ device }: { device: DeviceSession }) {
  const signOut = useSignOutDevice();
  const details = [
    CLIENT_NAMES[device.clientType],
    device.ip ? `IP ${device.ip}` : null,
    `最近活动 ${relativeTime(device.lastSeenAt)}`,
  ].filter(Boolean);
  return (
    <li className={styles.device} aria-label={device.device}>
      <div className={styles.deviceText}>
        <span className={styles.deviceName}>
          {device.device}
          {device.current && (
            <Tag color="blue" className={styles.tag}>
              本机
            </Tag>
          )}
        </span>
        <span className={styles.details}>{details.join(' · ')}</span>
        <span className={styles.details}>
          登录于 {new Date(device.signedInAt).toLocaleString('zh-CN', { hour12: false })}
        </span>
      </div>
      <Popconfirm
        title={device.current ? '退出本机的登录？' : '让这台设备退出登录？'}
        okText="确定退出"
        cancelText="取消"
        onConfirm={() => signOut.mutate(device.id)}
      >
        <Button size="small" loading={signOut.isPending} aria-label={`退出 ${device.device}`}>
          退出
        </Button>
      </Popconfirm>
    </li>
  );
}

/**
 * 个人中心 · 登录设备: where the account is signed in, and signing one device or all of them out
 * (a lost phone, a shared computer, someone else using the account).
 */
export function DevicesPanel() {
  const devices = useDevices();
  const signOutAll = useSignOutAllDevices();
  return (
    <QueryState query={devices} subject="登录设备" skeletonRows={3}>
      {(data) => (
        <>
          <ul className={styles.list}>
            {data.list.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
          <Popconfirm
            title="退出全部设备？"
            description="包括本机在内，所有设备都需要重新登录。"
            okText="全部退出"
            cancelText="取消"
            onConfirm={() => signOutAll.mutate()}
          >
            <Button danger loading={signOutAll.isPending}>
              退出全部设备
            </Button>
          </Popconfirm>
        </>
      )}
    </QueryState>
  );
}
