import type { SampleWords } from './sample-words';

/** The sample workspace in Chinese: the same people, meetings and mails as in English. */
export const SAMPLE_WORDS_ZH: SampleWords = {
  contacts: {
    priya: { name: '王芳', emails: ['wang.fang@example.com'], organization: '北风实验室' },
    sam: { name: '李明', emails: ['li.ming@example.org'], organization: '明远设计工作室' },
    mei: { name: '陈美玲', emails: ['chen.meiling@example.com'], organization: '北风实验室' },
    daniel: { name: '张伟', emails: ['zhang.wei@example.net'], organization: '伟业咨询' },
    lucia: { name: '刘洋', emails: ['liu.yang@example.org'], organization: '港湾健康诊所' },
    tom: { name: '赵磊', emails: ['zhao.lei@example.com'], organization: '北风实验室' },
    aisha: { name: '孙丽', emails: ['sun.li@example.net'], organization: '蓝桉会计师事务所' },
    jonas: {
      name: '周杰',
      emails: ['zhou.jie@example.org', 'zhoujie@example.net'],
      organization: '峡湾工作室',
    },
    grace: { name: '吴静', emails: ['wu.jing@example.com'], organization: '北风实验室' },
    marcus: { name: '郑强', emails: ['zheng.qiang@example.net'], organization: '郑师傅水电维修' },
    olivia: { name: '黄敏', emails: ['huang.min@example.org'], organization: '市立图书馆' },
    hiroshi: { name: '林浩', emails: ['lin.hao@example.com'], organization: '林氏进出口贸易' },
    fatima: { name: '何雪', emails: ['he.xue@example.net'], organization: '河畔小学' },
    ben: { name: '马超', emails: ['ma.chao@example.org'], organization: null },
    elena: { name: '高雅', emails: ['gao.ya@example.com'], organization: '高雅建筑设计' },
    noah: { name: '罗斌', emails: ['luo.bin@example.net'], organization: '北风实验室' },
    chloe: { name: '谢婷', emails: ['xie.ting@example.org'], organization: '谢氏宠物医院' },
    raj: { name: '韩东', emails: ['han.dong@example.com'], organization: '韩东律师事务所' },
    sofia: { name: '唐琳', emails: ['tang.lin@example.net'], organization: '唐琳旅行社' },
    dental: { name: '港湾牙科', emails: ['reception@example.org'], organization: '港湾牙科诊所' },
  },
  events: {
    standup: { title: '团队站会', description: '每日同步：昨天做了什么，今天打算做什么，有没有遇到阻碍。' },
    review: {
      title: '项目评审',
      location: '4B 会议室',
      description: '议程：目前的里程碑、尚未解决的风险、上线前的下一步工作。',
    },
    dentist: { title: '看牙医', location: '港湾牙科，高街 12 号' },
    call: {
      title: '与张伟视频通话',
      description: '讨论与伟业咨询的续约事宜。\n加入视频会议：https://meet.example.com/nwl-4821-dw',
    },
    offsite: { title: '团队外出活动日', location: '湖畔会议中心' },
    lunch: { title: '和李明吃午饭', location: '街角咖啡馆' },
    oneOnOne: { title: '与王芳一对一沟通' },
    gym: { title: '健身' },
    dinner: { title: '和马超吃晚饭', location: '老地方川菜馆' },
  },
  mails: {
    question: {
      subject: '关于第三季度数据的一个小问题',
      text: '你好，\n\n第三季度的最终营收数据出来了吗？我在准备董事会的汇报材料，周四之前需要用到。如果还没定稿，先发最新的草稿也可以，我会注明是初稿。\n\n谢谢！\n王芳',
    },
    threadFirst: {
      subject: '下周见个面？',
      text: '你好！\n\n好久没见了。下周有空见一面吗？我周二或周三上午都可以，要不要在街角咖啡馆喝杯咖啡？\n\n李明',
    },
    threadReply: {
      subject: '回复：下周见个面？',
      text: '李明你好，\n\n好主意。我周三上午十点最方便，街角咖啡馆也很好。\n\n到时见',
    },
    threadLast: {
      subject: '回复：下周见个面？',
      text: '太好了，那就周三上午十点在街角咖啡馆见。我会把新标志的草图带过去。\n\n到时见！\n李明',
    },
    briefToday: {
      sender: { name: '早间简报', email: 'brief@news.example.com' },
      subject: '早间简报：今天需要知道的五件事',
      text: '早上好。今天值得关注的五件事：\n\n1. 预计利率将维持不变。\n2. 本周末城区线路因施工停运。\n3. 本周天气温暖，周五有雷雨。\n4. 新的科学博物馆正式开放。\n5. 深度阅读：为什么我们比祖辈睡得更少。\n\n退订：https://news.example.com/unsubscribe',
    },
    briefYesterday: {
      sender: { name: '早间简报', email: 'brief@news.example.com' },
      subject: '早间简报：市场、天气和一篇深度阅读',
      text: '早上好。昨日股市收涨，今晚有冷空气到达。今天的深度阅读探讨：什么让一个街区有家的感觉。\n\n退订：https://news.example.com/unsubscribe',
    },
    briefEarlier: {
      sender: { name: '早间简报', email: 'brief@news.example.com' },
      subject: '早间简报：三分钟读懂新预算',
      text: '早上好。三分钟读懂新预算：家庭、小企业和学生分别会受到哪些影响。\n\n退订：https://news.example.com/unsubscribe',
    },
    weekendReads: {
      sender: { name: '周末读物', email: 'weekend@news.example.org' },
      subject: '周末读物：七篇值得一读的好文章',
      text: '本周推荐：最后一位灯塔守护人、只用方圆十公里内食材做菜的厨师，以及关于无聊的意外科学发现。\n\n在线阅读：https://news.example.org/weekend',
    },
    engineeringBlog: {
      sender: { name: '北风实验室技术团队', email: 'blog@example.com' },
      subject: '博客新文章：我们如何把构建时间缩短一半',
      text: '我们的构建时间从 14 分钟降到了 6 分钟。这篇文章介绍了缓存、拆分测试套件，以及效果最明显的那个配置项。\n\n阅读全文：https://blog.example.com/faster-builds',
    },
    libraryNews: {
      sender: { name: '市立图书馆', email: 'newsletter@example.org' },
      subject: '市立图书馆本月新书上架',
      text: '本月新到十二本小说、一整架旅行指南，还有一套深受喜爱的侦探小说全集。欢迎在线预约，或到服务台办理借阅。',
    },
    gardening: {
      sender: { name: '绿手指园艺', email: 'hello@example.net' },
      subject: '本周花园里要做的五件事',
      text: '天热之前给花坛铺上覆盖物，播种豆子和罗勒，修剪月季，检查浇水定时器。本周末到任意门店还可免费领取一包种子。',
    },
    running: {
      sender: { name: '跑步俱乐部', email: 'stats@example.com' },
      subject: '你的每周跑步总结',
      text: '本周：跑步 3 次，共 21.4 公里，平均配速 5:42/公里。最长的一次是周日的 10.2 公里。继续加油！',
    },
    cafeReceipt: {
      sender: { name: '街角咖啡馆', email: 'receipts@example.com' },
      subject: '街角咖啡馆的消费收据',
      text: '感谢光临！\n\n澳白咖啡  ¥28.00\n香蕉蛋糕  ¥32.00\n合计  ¥60.00\n\n已使用尾号 4242 的银行卡支付。',
    },
    orderShipped: {
      sender: { name: '家居好物网', email: 'orders@example.net' },
      subject: '你的订单 #48213 已发货',
      text: '好消息：你的订单 #48213（亚麻桌布 1 件、陶瓷马克杯 2 个）已经发货，预计 2 至 3 个工作日送达。\n\n查看物流：https://shop.example.net/track/48213',
    },
    orderConfirmed: {
      sender: { name: '家居好物网', email: 'orders@example.net' },
      subject: '订单确认 #48213',
      text: '感谢你的订购！\n\n亚麻桌布 × 1  ¥199.00\n陶瓷马克杯 × 2  ¥118.00\n运费  ¥10.00\n合计  ¥327.00\n\n发货后我们会再发邮件通知你。',
    },
    rideReceipt: {
      sender: { name: '出行', email: 'receipts@example.net' },
      subject: '你的行程收据',
      text: '感谢使用我们的出行服务。\n\n行程：中央车站 至 高街 12 号\n里程：6.3 公里\n合计：¥36.40',
    },
    invoice: {
      subject: '蓝桉会计师事务所发票 INV-2043',
      text: '你好，\n\n附件是本季度记账服务的发票 INV-2043，金额 ¥3,200.00，请在 14 天内支付。\n\n此致\n孙丽\n蓝桉会计师事务所',
      attachment: 'INV-2043.pdf',
    },
    powerPaid: {
      sender: { name: '城市电力', email: 'billing@example.org' },
      subject: '已收到付款，谢谢',
      text: '我们已收到你为户号 7701-2245 支付的电费 ¥286.60，无需其他操作。',
    },
    phoneBill: {
      sender: { name: '移动通信', email: 'billing@example.net' },
      subject: '你的本月账单已出',
      text: '你本月的账单金额为 ¥128.00，将于 28 日自动扣款。账单 PDF 见附件。',
      attachment: 'bill.pdf',
    },
    hotelBooking: {
      subject: '预订成功：极光酒店，两晚',
      text: '你好，\n\n已为你订好极光酒店的双人间两晚，含早餐，14:00 起可办理入住。确认单见附件。\n\n祝旅途愉快！\n唐琳\n唐琳旅行社',
      attachment: 'hotel-aurora-confirmation.pdf',
    },
    photos: {
      subject: '周末的照片',
      text: '嘿！\n\n周六爬山的照片发给你，观景台那张拍得特别好。\n\n马超',
      attachment: 'lookout.jpg',
    },
    schoolEvening: {
      subject: '提醒：周四家长会',
      text: '各位家长：\n\n提醒一下，周四 16:00 至 19:00 在学校礼堂举行家长会，请与班主任预约时间。\n\n何雪\n河畔小学',
    },
    booksDue: {
      subject: '你借的书还有 3 天到期',
      text: '你好，\n\n你借阅的 2 本书将在 3 天后到期：《回家的长路》和《鸟类野外图鉴》。可以在线办理续借。\n\n黄敏\n市立图书馆',
    },
    dentistReminder: {
      subject: '预约提醒',
      text: '提醒你本周稍后 16:30 在港湾牙科（高街 12 号）的预约。如需改期，请直接回复本邮件。',
    },
    planningNotes: {
      subject: '周一计划会的纪要',
      text: '大家好，\n\n计划会纪要：\n- 上线日期仍定在月底。\n- 新用户引导邮件由吴静负责。\n- 项目评审时再过一遍风险。\n\n赵磊',
    },
    reviewSlides: {
      subject: '项目评审的幻灯片',
      text: '你好，\n\n附件是项目评审的幻灯片初稿。评审之前能帮我看一下时间线那一页吗？\n\n陈美玲',
      attachment: 'project-review.pptx',
    },
    callAgenda: {
      subject: '通话议程',
      text: '你好，\n\n这次通话我建议讨论：一、续约条款；二、新的报表格式；三、明年的日程安排。视频会议链接在日历邀请里。\n\n祝好\n张伟',
    },
    newSignIn: {
      sender: { name: '账户安全', email: 'no-reply@example.com' },
      subject: '你的账户有新的登录',
      text: '我们发现你的账户在 Windows 上的 Firefox 浏览器中有一次新的登录。如果是你本人操作，请忽略此邮件。',
    },
    plumbingQuote: {
      subject: '浴室水龙头的报价',
      text: '你好，\n\n按之前说的，更换浴室混水龙头连材料带人工一共 ¥680。下周二或周五我都可以上门。\n\n郑强\n郑师傅水电维修',
    },
    teamLunch: {
      subject: '周五团队聚餐？',
      text: '大家好，\n\n周五一起吃个午饭庆祝新版本发布怎么样？我想去乔治街那家面馆，12:30。能来的请回复！\n\n吴静',
    },
    floorPlans: {
      subject: '平面图初稿',
      text: '你好，\n\n附件是厨房扩建的平面图初稿。发给施工方之前，请告诉我你的意见。\n\n高雅',
      attachment: 'floor-plans-draft.pdf',
    },
    contractComments: {
      subject: '合同审阅：几点意见',
      text: '你好，\n\n租约我看过了，有两点：提前解约条款应为提前 3 个月通知，而不是 6 个月；维修条款应排除正常损耗。可以再详谈。\n\n韩东\n韩东律师事务所',
    },
  },
};
