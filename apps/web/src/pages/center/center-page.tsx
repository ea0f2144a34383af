import type { UserInfo } from '@ninety/contract';
import { Button } from 'antd';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';
import {
  isMember,
  remainingUses,
  TeachingSiteLink,
  useCurrentUser,
  useLogout,
  useWxInfo,
} from '../../features/auth';
import { MyDataPanel } from '../../features/account-data';
import { OrderList } from '../../features/orders';
import { BindingsPanel, DevicesPanel, NicknameForm } from '../../features/profile';
import { PracticeSettingsForm } from '../../features/settings';
import { WordBookList } from '../../features/word-lookup';
import { AvatarPanel } from './avatar-panel';
import styles from './center-page.module.css';

const resetRuleText: Record<UserInfo['nonMemberDomains'][number]['resetRule'], string> = {
  daily: '每天重置',
  weekly: '每周重置',
  monthly: '每月重置',
  never: '不重置',
};

function membershipFacts(user: UserInfo) {
  if (isMember(user)) {
    const until = user.memberExpiresAt
      ? new Date(user.memberExpiresAt).toLocaleDateString('zh-CN')
      : '长期有效';
    return [
      { label: '会员', value: `VIP 等级 ${user.newMemberLevel}` },
      { label: '有效期至', value: until },
      { label: '练习次数', value: '不限' },
    ];
  }
  const rule = user.nonMemberDomains[0]?.resetRule;
  return [
    { label: '会员', value: '非会员' },
    {
      label: '剩余练习次数',
      value: `${remainingUses(user)} 次${rule ? `（${resetRuleText[rule]}）` : ''}`,
    },
  ];
}

export function CenterPage() {
  const { data: user, isPending } = useCurrentUser();
  const { data: wx } = useWxInfo();
  const logout = useLogout();

  return (
    <>
      <PageHeading
        title="个人中心"
        description="账户信息、登录设备、会员状态、剩余练习次数与练习设置。"
      />
      {!user ? (
        <EmptyState
          description={isPending ? '正在读取账户信息…' : '没有读取到账户信息，请刷新页面重试'}
        />
      ) : (
        <div className={styles.panels}>
          <section className={styles.panel} aria-labelledby="center-account">
            <h2 id="center-account" className={styles.panelTitle}>
              账户
            </h2>
            <FactList
              facts={[
                { label: '昵称', value: user.nickname },
                {
                  label: '手机号',
                  value: user.phone ? `+${user.phonecode ?? '86'} ${user.phone}` : '未绑定',
                },
              ]}
            />
            <div className={styles.accountActions}>
              <NicknameForm nickname={user.nickname} />
              <Button onClick={() => logout.mutate()} loading={logout.isPending}>
                退出登录
              </Button>
            </div>
            <p className={styles.note}>昵称也是你分享答案时显示的名字。</p>
          </section>
          <section className={styles.panel} aria-labelledby="center-bindings">
            <h2 id="center-bindings" className={styles.panelTitle}>
              登录方式
            </h2>
            <BindingsPanel />
          </section>
          <section className={styles.panel} aria-labelledby="center-devices">
            <h2 id="center-devices" className={styles.panelTitle}>
              登录设备
            </h2>
            <DevicesPanel />
          </section>
          <section className={styles.panel} aria-labelledby="center-avatar">
            <h2 id="center-avatar" className={styles.panelTitle}>
              头像
            </h2>
            <AvatarPanel />
          </section>
          <section className={styles.panel} aria-labelledby="center-membership">
            <h2 id="center-membership" className={styles.panelTitle}>
              会员与次数
            </h2>
            <FactList facts={membershipFacts(user)} />
            <p className={styles.note}>
              {isMember(user)
                ? '会员期间所有练习的 AI 评分不限次数。'
                : '非会员每次 AI 评分消耗 1 次练习次数；开通 VIP 后不限次数。'}
            </p>
          </section>
          <section className={styles.panel} aria-labelledby="center-orders">
            <h2 id="center-orders" className={styles.panelTitle}>
              我的订单
            </h2>
            <OrderList />
            <p className={styles.note}>
              <a href="/wow-vip" target="_blank" rel="noopener">
                开通或续费 VIP
              </a>
              （固定期限，不自动续费）
            </p>
          </section>
          <section className={styles.panel} aria-labelledby="center-settings">
            <h2 id="center-settings" className={styles.panelTitle}>
              练习设置
            </h2>
            <PracticeSettingsForm />
            <p className={styles.note}>
              学习中心的“今天”和连续天数按你的时区计算（默认北京时间）。
              <Link to="/data">去学习中心设置时区</Link>
            </p>
          </section>
          {wx && (
            <section className={styles.panel} aria-labelledby="center-teacher">
              <h2 id="center-teacher" className={styles.panelTitle}>
                老师微信
              </h2>
              <img
                className={styles.qr}
                src={wx.qrCode}
                alt={`老师微信二维码：${wx.wx}`}
                width={140}
                height={140}
              />
              <p className={styles.note}>微信号：{wx.wx}（开通 VIP、备考咨询）</p>
              <p className={styles.note}>
                <TeachingSiteLink />
              </p>
            </section>
          )}
          <section className={styles.panel} aria-labelledby="center-words">
            <h2 id="center-words" className={styles.panelTitle}>
              我的生词本
            </h2>
            <WordBookList />
          </section>
          <section className={styles.panel} aria-labelledby="center-my-data">
            <h2 id="center-my-data" className={styles.panelTitle}>
              我的数据
            </h2>
            <MyDataPanel phone={user.phone} phonecode={user.phonecode} />
          </section>
        </div>
      )}
    </>
  );
}
