import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './agreement-user-page.module.css';

interface Section {
  title: string;
  clauses: ReactNode[];
}

const privacyLink = <Link to="/agreement/privacy">《隐私政策》</Link>;

const sections: Section[] = [
  {
    title: '服务内容',
    clauses: [
      'Ninety 提供 PTE 各题型的练习题库、高频题、精听、微课、模考和学习数据等备考功能，并对你的作答自动评分、给出反馈。',
      '自动评分由程序依据公开的考试评分规则和我们的评分方法计算，仅供备考参考，不代表 PTE 官方成绩，也不保证你在正式考试中取得相应分数。',
      'Ninety 与 PTE 考试的主办方 Pearson 没有隶属或授权关系。题库中的题目由我们为备考练习编写，不是真实考题。',
      '我们可能调整、增加或停止部分功能；对会员权益有重大影响的调整，会提前在页面上公告。',
    ],
  },
  {
    title: '账号注册与登录',
    clauses: [
      '你可以用手机号和短信验证码登录，手机号首次登录时自动注册账号。你也可以用微信扫码登录；微信首次扫码时，需要绑定一个手机号。',
      '已登录 Ninety 的手机可以扫描电脑上的登录二维码，在手机上确认后，电脑端即登录同一账号。请只确认你本人发起的登录。',
      '请使用本人的手机号，妥善保管手机和验证码，不要把验证码告诉任何人。因你泄露验证码或把设备交给他人使用造成的损失，由你自行承担；发现账号被他人使用时，请立即联系我们。',
      '账号仅限本人使用，不得出借、转让或出售。发现账号被多人共用、转售或有异常登录时，我们可以要求重新登录，必要时暂停账号。',
    ],
  },
  {
    title: '会员与免费次数',
    clauses: [
      '未开通会员的用户可以免费使用一定次数的评分练习，次数按页面说明的规则定期恢复；次数用完后，可等待恢复或开通会员。',
      '会员在有效期内使用评分练习不受次数限制，并可使用页面注明的会员内容。会员的价格、有效期和权益以购买页面的说明为准。',
      '会员开通后立即生效。因我们的原因无法提供服务，或法律法规规定应当退款的，我们按规定退款；其他情况请联系我们协商处理。',
      '由老师或机构开通的班级账号，其会员和练习次数由开通的老师安排，次数用完后请联系老师。',
    ],
  },
  {
    title: '使用规范',
    clauses: [
      '你应遵守中华人民共和国法律法规，不得利用 Ninety 制作、发布或传播违法信息。',
      '不得批量抓取、复制或下载题库、解析、音视频和课程内容；不得用脚本或其他自动化方式提交练习、干扰评分；不得破解、反向工程或攻击 Ninety 的系统。',
      '不得冒用他人的手机号或微信账号，不得恶意频繁获取短信验证码。',
      '违反以上规定的，我们可以视情节限制部分功能、暂停或终止账号。',
    ],
  },
  {
    title: '知识产权',
    clauses: [
      'Ninety 中的题目、解析、范例答案、音频、视频、课程和页面设计，其知识产权归我们或相应的权利人所有。你可以为个人备考使用，不得用于商业用途或公开传播。',
      <>
        你的作答（包括文字和口语录音）归你所有。你授权我们为评分、保存练习记录和统计学习数据而存储、处理这些内容，具体见
        {privacyLink}。
      </>,
    ],
  },
  {
    title: '个人信息保护',
    clauses: [
      <>
        我们按照{privacyLink}
        收集、使用和保护你的个人信息。你的数据存储在中国境内，口语录音只在我们自己的服务器上评分，不提供给第三方。
      </>,
    ],
  },
  {
    title: '服务中断与责任限制',
    clauses: [
      '我们尽力保证服务稳定，但系统维护、网络故障或不可抗力可能导致服务中断；计划内的维护会尽量提前公告。',
      '评分、解析和备考建议仅供参考，正式考试成绩以考试主办方公布的为准。',
      '在法律允许的范围内，我们不对因使用或无法使用 Ninety 造成的间接损失承担责任。',
    ],
  },
  {
    title: '账号注销',
    clauses: [
      '你可以通过 Ninety 页面上展示的老师微信联系我们，申请注销账号。为保护你的账号，我们会先核实你是账号本人，例如请你用该手机号接收验证码。',
      '注销后，账号的全部登录状态失效，账号资料、练习记录、口语录音和收藏将被删除或匿名化，且无法恢复；尚未到期的会员权益视为放弃。法律法规要求保存的信息（如交易记录）按规定的期限保存。',
    ],
  },
  {
    title: '协议的变更',
    clauses: [
      '我们可能修改本协议。修改后的协议会在本页发布并注明生效日期；涉及你重大权益的变更，会在页面显著位置提示。变更生效后你继续使用 Ninety，即表示接受修改后的协议。',
    ],
  },
  {
    title: '法律适用与争议解决',
    clauses: [
      '本协议适用中华人民共和国法律。发生争议时，双方应先友好协商；协商不成的，任何一方可以向我们所在地有管辖权的人民法院提起诉讼。',
    ],
  },
  {
    title: '联系我们',
    clauses: ['对本协议有任何疑问，请通过 Ninety 页面上展示的老师微信联系我们。'],
  },
];

const numerals = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

export function AgreementUserPage() {
  return (
    <article className={styles.document}>
      <header className={styles.header}>
        <h1 className={styles.title}>用户协议</h1>
        <p className={styles.meta}>生效日期：2026 年 11 月 22 日</p>
      </header>
      <p className={styles.intro}>
        欢迎使用 Ninety。Ninety 是面向 PTE 学术英语考试考生的在线备考网页应用。本协议是你与 Ninety
        的运营方（以下简称“我们”）之间关于使用 Ninety 的约定。请在登录前仔细阅读本协议和
        {privacyLink}
        ；你勾选同意并完成登录，即表示你已阅读并同意本协议。如果你不同意，请不要使用 Ninety。
      </p>
      {sections.map((section, sectionIndex) => (
        <section key={section.title} className={styles.section}>
          <h2 className={styles.heading}>
            {numerals[sectionIndex]}、{section.title}
          </h2>
          {section.clauses.map((clause, clauseIndex) => (
            <p key={clauseIndex} className={styles.clause}>
              {section.clauses.length > 1 && (
                <span className={styles.number}>
                  {sectionIndex + 1}.{clauseIndex + 1}
                </span>
              )}
              <span>{clause}</span>
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
