import { PLANS } from '@hunab/contracts';

/** Texts per language; ru and en are complete, the other languages fall back to en field by field. */
type Texts = Partial<Record<'ru' | 'en' | 'es' | 'pt' | 'de' | 'ja' | 'zh' | 'ar', string>>;

export interface CatalogueProduct {
  id: string;
  type: 'program' | 'subscription';
  planId?: string;
  level: number;
  days: number;
  /** Major units, as people read them; stored as minor units. */
  priceRub: number;
  priceUsd: number;
  productGroup: string;
  parentId?: string;
  variationOrder?: number;
  recur?: boolean;
  activationType?: 'immediate' | 'next_wavespell' | 'date';
  activationCycleName?: string;
  sortOrder: number;
  name: Texts;
  usp: Texts;
  descr: Texts;
  descrShort: Texts;
  descriptionLong: Texts;
  highlights: Partial<Record<keyof Texts, string[]>>;
  variationName?: Texts;
}

/** What the year of thirteen moons and its two ways of taking it share. */
const thirteenMoons = {
  type: 'program',
  level: 3,
  days: 365,
  productGroup: 'programs',
  activationType: 'immediate',
  activationCycleName: 'year',
} as const;

const programs: CatalogueProduct[] = [
  {
    id: '13days',
    type: 'program',
    level: 1,
    days: 13,
    priceRub: 2900,
    priceUsd: 29,
    productGroup: 'programs',
    activationType: 'next_wavespell',
    activationCycleName: 'wavespell',
    sortOrder: 1,
    name: {
      ru: '13 дней',
      en: '13 Days',
      es: '13 días',
      pt: '13 dias',
      de: '13 Tage',
      ja: '13日間',
      zh: '13天',
      ar: '13 يومًا',
    },
    usp: {
      ru: 'Одна волна — тринадцать шагов к своему ритму',
      en: 'One wavespell, thirteen steps into your own rhythm',
    },
    descrShort: {
      ru: 'Программа на одну волну: задание, вопросы и опросы на каждый из 13 дней.',
      en: 'A programme for one wavespell: a task, questions and polls for each of its 13 days.',
      es: 'Un programa para una onda encantada: una tarea, preguntas y encuestas para cada uno de sus 13 días.',
      pt: 'Um programa para uma onda encantada: uma tarefa, perguntas e enquetes para cada um dos 13 dias.',
      de: 'Ein Programm für eine Welle: eine Aufgabe, Fragen und Umfragen für jeden der 13 Tage.',
      ja: '一つの波動魔法のためのプログラム：13日それぞれの課題、質問、アンケート。',
      zh: '一个波符的课程：13天中每天一项任务、若干问题和投票。',
      ar: 'برنامج لموجة واحدة: مهمة وأسئلة واستطلاعات لكل يوم من أيامها الثلاثة عشر.',
    },
    descr: {
      ru: 'Тринадцать дней одной волны — от Магнитного тона до Космического. Каждый день открывает задание, три вопроса для размышления и короткие опросы, а ваши ответы сохраняются в профиле.',
      en: 'Thirteen days of one wavespell, from the Magnetic tone to the Cosmic. Each day opens a task, three questions to reflect on and short polls, and your answers are kept in your profile.',
    },
    descriptionLong: {
      ru: 'Волна — это тринадцатидневный цикл, в котором каждый тон задаёт свой вопрос: зачем, как, что мне мешает, в какой форме, чем я силён. Программа «13 дней» проводит вас по одной волне целиком. Она начинается с ближайшего Магнитного дня, чтобы первый шаг совпал с началом цикла, а до тех пор вы видите дату открытия. Каждый день приходит задание дня, три вопроса и один-два опроса. Ответы видите только вы; к ним можно вернуться после окончания волны и сравнить, как менялось восприятие. Доступ открыт на 13 дней с даты активации.',
      en: 'A wavespell is a thirteen-day cycle in which each tone asks its own question: why, how, what is in the way, in what form, where my strength is. The 13 Days programme takes you through one whole wavespell. It starts on the next Magnetic day, so your first step falls on the beginning of the cycle; until then you see the opening date. Each day brings a task, three questions and one or two polls. Only you see your answers, and you can come back to them after the wavespell ends to see how your view changed. Access lasts 13 days from activation.',
    },
    highlights: {
      ru: [
        '13 заданий — по одному на тон',
        'Вопросы и опросы каждого дня',
        'Старт с ближайшего Магнитного дня',
        'Ответы сохраняются в профиле',
      ],
      en: [
        '13 tasks, one for each tone',
        'Questions and polls every day',
        'Starts on the next Magnetic day',
        'Your answers are kept in your profile',
      ],
    },
  },
  {
    id: '260days',
    type: 'program',
    level: 2,
    days: 260,
    priceRub: 5900,
    priceUsd: 59,
    productGroup: 'programs',
    activationType: 'next_wavespell',
    activationCycleName: 'spin',
    sortOrder: 2,
    name: {
      ru: '260 дней',
      en: '260 Days',
      es: '260 días',
      pt: '260 dias',
      de: '260 Tage',
      ja: '260日間',
      zh: '260天',
      ar: '260 يومًا',
    },
    usp: {
      ru: 'Полный оборот Цолькина: двадцать волн подряд',
      en: 'A full turn of the Tzolkin: twenty wavespells in a row',
    },
    descrShort: {
      ru: 'Весь цикл Цолькина: 20 волн, ежедневные задания и доступ к любым датам.',
      en: 'The whole Tzolkin cycle: 20 wavespells, daily tasks and access to any date.',
      es: 'Todo el ciclo del Tzolkin: 20 ondas encantadas, tareas diarias y acceso a cualquier fecha.',
      pt: 'Todo o ciclo do Tzolkin: 20 ondas encantadas, tarefas diárias e acesso a qualquer data.',
      de: 'Der ganze Tzolkin-Zyklus: 20 Wellen, tägliche Aufgaben und Zugang zu jedem Datum.',
      ja: 'ツォルキン全周期：20の波動魔法、毎日の課題、すべての日付へのアクセス。',
      zh: '完整的卓尔金周期：20个波符、每日任务，可查看任意日期。',
      ar: 'دورة التزولكين كاملة: 20 موجة ومهام يومية والوصول إلى أي تاريخ.',
    },
    descr: {
      ru: 'Двести шестьдесят дней — полный оборот Цолькина, каждая из двадцати волн по очереди. Задания и вопросы на каждый день и все прочтения без ограничения по датам.',
      en: 'Two hundred and sixty days: a full turn of the Tzolkin, each of its twenty wavespells in turn. Tasks and questions for every day, and every reading with no date limit.',
    },
    descriptionLong: {
      ru: 'За 260 дней через вас проходят все двадцать печатей в каждом из тринадцати тонов — это ваш собственный галактический оборот. Программа открывает ежедневный процесс на весь цикл, прочтения печатей, тонов и лун на любые даты и полную картину ваших циклов. Старт — с ближайшего Магнитного дня. Удобно тем, кто уже прошёл одну волну и хочет увидеть всю картину целиком.',
      en: 'Over 260 days every one of the twenty seals passes through you in each of the thirteen tones: your own galactic spin. The programme opens the daily process for the whole cycle, the readings of seals, tones and moons for any date, and the full picture of your cycles. It starts on the next Magnetic day. Made for those who have walked one wavespell and want to see the whole picture.',
    },
    highlights: {
      ru: [
        '20 волн по 13 дней',
        'Прочтения на любую дату',
        'Полный доступ к циклам',
        'Старт с ближайшего Магнитного дня',
      ],
      en: [
        '20 wavespells of 13 days',
        'Readings for any date',
        'Full access to your cycles',
        'Starts on the next Magnetic day',
      ],
    },
  },
  {
    id: '13moons',
    ...thirteenMoons,
    priceRub: 12900,
    priceUsd: 129,
    sortOrder: 3,
    name: {
      ru: '13 лун',
      en: '13 Moons',
      es: '13 lunas',
      pt: '13 luas',
      de: '13 Monde',
      ja: '13の月',
      zh: '13个月亮',
      ar: '13 قمرًا',
    },
    usp: {
      ru: 'Год по тринадцати лунам — с сопровождением',
      en: 'A year of thirteen moons, with guidance',
    },
    descrShort: {
      ru: 'Годовая программа: 13 лун по 28 дней, практика каждой луны и всё, что открывают другие программы.',
      en: 'A year-long programme: 13 moons of 28 days, a practice for each moon and everything the other programmes open.',
      es: 'Un programa anual: 13 lunas de 28 días, una práctica para cada luna y todo lo que abren los demás programas.',
      pt: 'Um programa anual: 13 luas de 28 dias, uma prática para cada lua e tudo o que os outros programas abrem.',
      de: 'Ein Jahresprogramm: 13 Monde zu 28 Tagen, eine Übung für jeden Mond und alles, was die anderen Programme öffnen.',
      ja: '1年間のプログラム：28日ずつの13の月、月ごとの実践、他のプログラムの内容すべて。',
      zh: '全年课程：13个各28天的月亮，每个月亮一项练习，并包含其他课程的全部内容。',
      ar: 'برنامج لمدة عام: 13 قمرًا من 28 يومًا، وممارسة لكل قمر، وكل ما تفتحه البرامج الأخرى.',
    },
    descr: {
      ru: 'Год из тринадцати лун по двадцать восемь дней и День вне времени. Для каждой луны — своя тема и практика, а все даты, прочтения и циклы открыты на весь год.',
      en: 'A year of thirteen moons of twenty-eight days, and the Day Out of Time. Each moon has its theme and practice, and every date, reading and cycle is open for the whole year.',
    },
    descriptionLong: {
      ru: 'Тринадцать лун — это тринадцать вопросов года: от Магнитной луны цели до Космической луны присутствия. Программа начинается сразу после оплаты и длится 365 дней. Каждая луна приносит тему, недельные ритмы плазм и практику; вам открыты все прочтения на любые даты, ежедневный процесс и полные циклы. Есть два варианта: самостоятельный и с веб-студией, где раз в луну проходит живая встреча с разбором.',
      en: 'Thirteen moons are the thirteen questions of a year, from the Magnetic moon of purpose to the Cosmic moon of presence. The programme starts as soon as it is paid and lasts 365 days. Each moon brings a theme, the weekly rhythm of the plasmas and a practice; every reading for any date, the daily process and your full cycles are open to you. There are two ways to take it: on your own, or with the web studio, where a live session each moon goes through the practice together.',
    },
    highlights: {
      ru: [
        '13 лун по 28 дней',
        'Тема и практика каждой луны',
        'Все прочтения на любую дату',
        'Старт сразу после оплаты',
      ],
      en: [
        '13 moons of 28 days',
        'A theme and a practice for each moon',
        'Every reading for any date',
        'Starts as soon as it is paid',
      ],
    },
  },
  {
    id: '13moons_simple',
    ...thirteenMoons,
    priceRub: 12900,
    priceUsd: 129,
    parentId: '13moons',
    variationOrder: 1,
    sortOrder: 4,
    name: { ru: '13 лун · самостоятельно', en: '13 Moons · on your own' },
    usp: { ru: 'В своём темпе', en: 'At your own pace' },
    descrShort: {
      ru: 'Все материалы года, в своём темпе.',
      en: 'Every material of the year, at your own pace.',
      es: 'Todo el material del año, a tu ritmo.',
      pt: 'Todo o material do ano, no seu ritmo.',
      de: 'Alle Inhalte des Jahres, in deinem Tempo.',
      ja: '1年分のすべての教材を自分のペースで。',
      zh: '全年所有内容，按自己的节奏学习。',
      ar: 'كل مواد العام، بالوتيرة التي تناسبك.',
    },
    descr: {
      ru: 'Все темы, практики и прочтения года без живых встреч.',
      en: 'Every theme, practice and reading of the year, without live sessions.',
    },
    descriptionLong: {
      ru: 'Самостоятельный вариант программы «13 лун»: всё содержание года открыто, вы проходите его в своём темпе.',
      en: 'The self-paced way through 13 Moons: the whole year is open and you go through it at your own pace.',
    },
    highlights: { ru: ['Все материалы года'], en: ['Every material of the year'] },
    variationName: {
      ru: 'Самостоятельно',
      en: 'On your own',
      es: 'Por tu cuenta',
      pt: 'Por conta própria',
      de: 'Selbstständig',
      ja: '自習',
      zh: '自学',
      ar: 'بمفردك',
    },
  },
  {
    id: '13moons_webstudio',
    ...thirteenMoons,
    priceRub: 19900,
    priceUsd: 199,
    parentId: '13moons',
    variationOrder: 2,
    sortOrder: 5,
    name: { ru: '13 лун · с веб-студией', en: '13 Moons · with the web studio' },
    usp: { ru: 'Живая встреча каждую луну', en: 'A live session every moon' },
    descrShort: {
      ru: 'Всё из самостоятельного варианта и живая встреча каждую луну.',
      en: 'Everything of the self-paced way, and a live session every moon.',
      es: 'Todo lo de la versión a tu ritmo y una sesión en vivo cada luna.',
      pt: 'Tudo da versão no seu ritmo e uma sessão ao vivo a cada lua.',
      de: 'Alles aus der selbstständigen Variante und eine Live-Sitzung in jedem Mond.',
      ja: '自習版のすべてに加え、各月にライブセッション。',
      zh: '包含自学版全部内容，并且每个月亮一次直播课。',
      ar: 'كل ما في النسخة الذاتية، وجلسة مباشرة في كل قمر.',
    },
    descr: {
      ru: 'Все материалы года и тринадцать живых встреч веб-студии с разбором практики.',
      en: 'Every material of the year and thirteen live web-studio sessions going through the practice.',
    },
    descriptionLong: {
      ru: 'Вариант с веб-студией: в начале каждой луны — живая онлайн-встреча, где разбираем тему луны и ваши вопросы. Записи встреч остаются доступны до конца года.',
      en: 'The web-studio way: at the start of each moon a live online session goes through the moon’s theme and your questions. Recordings stay available until the end of the year.',
    },
    highlights: {
      ru: ['Все материалы года', '13 живых встреч', 'Записи встреч'],
      en: ['Every material of the year', '13 live sessions', 'Session recordings'],
    },
    variationName: {
      ru: 'С веб-студией',
      en: 'With the web studio',
      es: 'Con el estudio web',
      pt: 'Com o estúdio web',
      de: 'Mit dem Web-Studio',
      ja: 'ウェブスタジオ付き',
      zh: '含网络工作室',
      ar: 'مع الاستوديو الإلكتروني',
    },
  },
];

const planTexts: Record<string, { name: Texts; descrShort: Texts; descr: Texts }> = {
  basic: {
    name: {
      ru: 'Базовая подписка',
      en: 'Basic subscription',
      es: 'Suscripción básica',
      pt: 'Assinatura básica',
      de: 'Basis-Abo',
      ja: 'ベーシック会員',
      zh: '基础订阅',
      ar: 'الاشتراك الأساسي',
    },
    descrShort: {
      ru: 'Прочтения на день до и после сегодняшнего, 7 карточек, полные циклы.',
      en: 'Readings a day either side of today, 7 cards, full cycles.',
      es: 'Lecturas de un día antes y después de hoy, 7 tarjetas, ciclos completos.',
      pt: 'Leituras de um dia antes e depois de hoje, 7 cartões, ciclos completos.',
      de: 'Deutungen einen Tag vor und nach heute, 7 Karten, volle Zyklen.',
      ja: '今日の前後1日の解説、カード7枚、すべての周期。',
      zh: '今天前后各一天的解读、7张卡片、完整周期。',
      ar: 'قراءات يوم قبل اليوم وبعده، و7 بطاقات، ودورات كاملة.',
    },
    descr: {
      ru: 'Для ежедневной практики: прочтения вчера, сегодня и завтра, до семи карточек близких и полный раздел циклов.',
      en: 'For a daily practice: readings for yesterday, today and tomorrow, up to seven cards of your people and the full cycles section.',
    },
  },
  premium: {
    name: {
      ru: 'Премиум-подписка',
      en: 'Premium subscription',
      es: 'Suscripción premium',
      pt: 'Assinatura premium',
      de: 'Premium-Abo',
      ja: 'プレミアム会員',
      zh: '高级订阅',
      ar: 'الاشتراك المميز',
    },
    descrShort: {
      ru: 'Любые даты, 40 карточек, все матрицы и циклы.',
      en: 'Any date, 40 cards, every matrix and cycle.',
      es: 'Cualquier fecha, 40 tarjetas, todas las matrices y ciclos.',
      pt: 'Qualquer data, 40 cartões, todas as matrizes e ciclos.',
      de: 'Jedes Datum, 40 Karten, alle Matrizen und Zyklen.',
      ja: 'すべての日付、カード40枚、すべてのマトリックスと周期。',
      zh: '任意日期、40张卡片、所有矩阵与周期。',
      ar: 'أي تاريخ، و40 بطاقة، وكل المصفوفات والدورات.',
    },
    descr: {
      ru: 'Всё без ограничений: прочтения и матрицы на любые даты, до сорока карточек и полные циклы.',
      en: 'Everything without limits: readings and matrices for any date, up to forty cards and full cycles.',
    },
  },
};

const periodName: Record<'monthly' | 'yearly', Texts> = {
  monthly: {
    ru: 'на месяц',
    en: 'monthly',
    es: 'mensual',
    pt: 'mensal',
    de: 'monatlich',
    ja: '月額',
    zh: '按月',
    ar: 'شهري',
  },
  yearly: { ru: 'на год', en: 'yearly', es: 'anual', pt: 'anual', de: 'jährlich', ja: '年額', zh: '按年', ar: 'سنوي' },
};

const join = (a: Texts, b: Texts): Texts =>
  Object.fromEntries(
    Object.keys(a).map((lang) => [lang, `${a[lang as keyof Texts]} · ${b[lang as keyof Texts] ?? ''}`]),
  );

/** The subscription plans with a price, as products (basic_monthly, premium_yearly, ...). */
const planProducts: CatalogueProduct[] = PLANS.filter((plan) => plan.price_rub > 0 && plan.id.includes('_')).map(
  (plan, index) => {
    const texts = planTexts[plan.tier];
    if (!texts) throw new Error(`no texts for the plan tier ${plan.tier}`);
    return {
      id: plan.id,
      type: 'subscription',
      planId: plan.id,
      level: plan.level,
      days: plan.days,
      priceRub: plan.price_rub,
      priceUsd: plan.price_usd,
      productGroup: 'subscriptions',
      recur: true,
      activationType: 'immediate',
      sortOrder: 10 + index,
      name: join(texts.name, periodName[plan.billing_period]),
      usp: texts.descrShort,
      descrShort: texts.descrShort,
      descr: texts.descr,
      descriptionLong: texts.descr,
      highlights: {},
      variationName: periodName[plan.billing_period],
    };
  },
);

export const CATALOGUE: readonly CatalogueProduct[] = [...programs, ...planProducts];
