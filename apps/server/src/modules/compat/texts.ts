import type { Language } from '@hunab/calendar';
import type { ColorRelation, CompatRelation } from '@hunab/contracts';

/** One relation in words: its name, the sentence of the free summary, and the paragraph of the full reading. */
interface RelationText {
  title: string;
  short: string;
  long: string;
}

export interface CompatTexts {
  /** `{{a}}`, `{{b}}`: the two kin names; `{{composite}}`: the composite kin's number and name. */
  intro: string;
  /** Said when no relation of the oracle cross joins the two. */
  noOracle: string;
  relations: Record<CompatRelation, RelationText>;
  colors: Record<ColorRelation, RelationText>;
}

const ru: CompatTexts = {
  intro: 'Вместе {{a}} и {{b}} складываются в кин {{composite}}: это общая задача и общий тон вашей пары.',
  noOracle: 'Ваши подписи не стоят на одном оракуле: связь свободна от готовых ролей, и её характер вы выбираете сами.',
  relations: {
    same_kin: {
      title: 'Один и тот же кин',
      short: 'У вас одна подпись: вы узнаёте в другом самого себя.',
      long: 'Одинаковый кин — зеркало. Вы легко понимаете мотивы друг друга, но и слабые стороны видите сразу, без скидок. Хорошо договориться, кто в какой момент ведёт, иначе вы будете тянуть в одну сторону одновременно.',
    },
    analog: {
      title: 'Аналог',
      short: 'Вы аналоги: поддерживаете и усиливаете друг друга.',
      long: 'Аналог — партнёр, который стоит рядом и делает то же дело другим способом. Тон у вас общий, а печати дополняют друг друга. В такой паре легко работать вместе: один подхватывает то, что другой уронил.',
    },
    antipode: {
      title: 'Антипод',
      short: 'Вы антиподы: каждый испытывает другого на прочность.',
      long: 'Антипод — сила, которая противостоит и тем учит. Рядом с ним проявляется то, что вы обычно не замечаете в себе. Трение здесь неизбежно, но оно полезно, если видеть в нём тренировку, а не борьбу.',
    },
    occult: {
      title: 'Оккультный партнёр',
      short: 'Вы оккультные партнёры: между вами есть скрытая, неожиданная сила.',
      long: 'Оккультный кин — скрытый союзник. Ваши тоны в сумме дают 14, печати — 21: вы закрываете друг у друга то, чего не видно снаружи. Такая связь часто проявляется в трудный момент, когда помощь приходит оттуда, откуда её не ждали.',
    },
    a_guides_b: {
      title: 'Первый ведёт второго',
      short: 'Первая подпись — ведущий кин второй: она показывает направление.',
      long: 'Ведущий кин — тот, кто задаёт направление. Первому естественно предлагать цель, второму — прислушиваться и проверять путь на деле. Важно, чтобы ведение оставалось приглашением, а не приказом.',
    },
    b_guides_a: {
      title: 'Второй ведёт первого',
      short: 'Вторая подпись — ведущий кин первой: она показывает направление.',
      long: 'Ведущий кин — тот, кто задаёт направление. Второму естественно предлагать цель, первому — прислушиваться и проверять путь на деле. Важно, чтобы ведение оставалось приглашением, а не приказом.',
    },
    same_wavespell: {
      title: 'Одна волна',
      short: 'Вы в одной волне: у вас общий 13-дневный замысел.',
      long: 'Одна волна — одна история из тринадцати шагов, в которой каждый стоит на своём месте. Вы двигаетесь к одной цели, только с разных ступеней, поэтому хорошо дополняете друг друга в долгих делах.',
    },
    same_castle: {
      title: 'Один замок',
      short: 'Вы в одном замке: у вас общая большая тема 52 дней.',
      long: 'Замок — это 52 дня одного большого урока. Вы проходите его вместе, поэтому многие ваши вопросы похожи и ответы на них вы находите в одно и то же время.',
    },
    same_tone: {
      title: 'Один тон',
      short: 'У вас общий тон: вы действуете в одном ритме.',
      long: 'Одинаковый тон — одинаковый способ действовать. Вам легко держать общий темп и понимать, когда пора начинать, а когда завершать.',
    },
    same_seal: {
      title: 'Одна печать',
      short: 'У вас одна печать: вы служите одной силе.',
      long: 'Одна печать — общая природа. Вы цените одно и то же и узнаёте друг друга с полуслова, но и соперничаете в одном и том же. Полезно делить роли.',
    },
  },
  colors: {
    same: {
      title: 'Один цвет',
      short: 'Ваши печати одного цвета: вы из одной семьи.',
      long: 'Один цвет — одна стадия пути: вы начинаете, очищаете, преобразуете или созреваете вместе.',
    },
    analog: {
      title: 'Цвета-аналоги',
      short: 'Ваши цвета дружат и поддерживают друг друга.',
      long: 'Красный с белым и синий с жёлтым — цвета-аналоги: один готовит почву, другой продолжает.',
    },
    antipode: {
      title: 'Цвета-антиподы',
      short: 'Ваши цвета противоположны: вы смотрите на мир с разных сторон.',
      long: 'Красный с синим и белый с жёлтым — цвета-антиподы: вместе они видят задачу целиком, если слышат друг друга.',
    },
    occult: {
      title: 'Оккультные цвета',
      short: 'Ваши цвета связаны скрыто: вы замыкаете круг.',
      long: 'Красный с жёлтым и белый с синим — начало и конец пути: вместе они доводят начатое до зрелости.',
    },
  },
};

const en: CompatTexts = {
  intro: 'Together, {{a}} and {{b}} add up to kin {{composite}}: the shared task and keynote of the two of you.',
  noOracle:
    'Your signatures do not stand on one oracle: the bond comes with no set roles, and you shape its character yourselves.',
  relations: {
    same_kin: {
      title: 'The same kin',
      short: 'You share one signature: each of you recognises themself in the other.',
      long: 'The same kin is a mirror. You understand each other’s motives at once, and you see each other’s weak points just as fast. Agree on who leads when, or you will both pull the same way at the same time.',
    },
    analog: {
      title: 'Analog',
      short: 'You are analog partners: you support and strengthen each other.',
      long: 'An analog stands beside you and does the same work in another way. You share a tone and your seals complete each other. Such a pair works well together: one picks up what the other drops.',
    },
    antipode: {
      title: 'Antipode',
      short: 'You are antipodes: each of you puts the other to the test.',
      long: 'An antipode is a force that pushes back and teaches by doing so. Beside it you notice what you usually miss in yourself. Friction cannot be avoided here, but it helps when you take it as training rather than a fight.',
    },
    occult: {
      title: 'Occult partner',
      short: 'You are occult partners: there is a hidden, unexpected strength between you.',
      long: 'The occult kin is a hidden ally. Your tones add up to 14 and your seals to 21: you cover for each other where nobody else can see. This bond often shows in a hard moment, when help comes from where you did not expect it.',
    },
    a_guides_b: {
      title: 'The first guides the second',
      short: 'The first signature is the guide of the second: it shows the way.',
      long: 'The guide kin sets the direction. It comes naturally for the first to propose the goal and for the second to listen and test the path in practice. Keep the guidance an invitation, not an order.',
    },
    b_guides_a: {
      title: 'The second guides the first',
      short: 'The second signature is the guide of the first: it shows the way.',
      long: 'The guide kin sets the direction. It comes naturally for the second to propose the goal and for the first to listen and test the path in practice. Keep the guidance an invitation, not an order.',
    },
    same_wavespell: {
      title: 'One wavespell',
      short: 'You share a wavespell: one 13-day purpose.',
      long: 'One wavespell is one story of thirteen steps, with each of you on your own step. You move towards the same goal from different places, so you complete each other in long undertakings.',
    },
    same_castle: {
      title: 'One castle',
      short: 'You share a castle: one great 52-day theme.',
      long: 'A castle is 52 days of one great lesson. You go through it together, so many of your questions are alike and you find their answers at the same time.',
    },
    same_tone: {
      title: 'One tone',
      short: 'You share a tone: you act to the same rhythm.',
      long: 'The same tone is the same way of acting. It is easy for you to keep a common pace and to feel when to begin and when to finish.',
    },
    same_seal: {
      title: 'One seal',
      short: 'You share a seal: you serve the same power.',
      long: 'One seal is one nature. You value the same things and understand each other at half a word, and you compete for the same things too. It helps to share out the roles.',
    },
  },
  colors: {
    same: {
      title: 'One colour',
      short: 'Your seals are of one colour: you belong to one family.',
      long: 'One colour is one stage of the path: you begin, refine, transform or ripen together.',
    },
    analog: {
      title: 'Analog colours',
      short: 'Your colours are friends and support each other.',
      long: 'Red with white and blue with yellow are analog colours: one prepares the ground, the other carries on.',
    },
    antipode: {
      title: 'Antipode colours',
      short: 'Your colours are opposite: you look at the world from two sides.',
      long: 'Red with blue and white with yellow are antipode colours: together they see the whole task, as long as they listen to each other.',
    },
    occult: {
      title: 'Occult colours',
      short: 'Your colours are bound in secret: together you close the circle.',
      long: 'Red with yellow and white with blue are the beginning and the end of the path: together they bring what was started to maturity.',
    },
  },
};

/** The other six languages: the same texts, shorter where a long paragraph would add nothing. */
function translated(
  intro: string,
  noOracle: string,
  relations: Record<CompatRelation, [string, string, string]>,
  colors: Record<ColorRelation, [string, string, string]>,
): CompatTexts {
  const toText = ([title, short, long]: [string, string, string]) => ({ title, short, long });
  return {
    intro,
    noOracle,
    relations: Object.fromEntries(Object.entries(relations).map(([k, v]) => [k, toText(v)])) as Record<
      CompatRelation,
      RelationText
    >,
    colors: Object.fromEntries(Object.entries(colors).map(([k, v]) => [k, toText(v)])) as Record<
      ColorRelation,
      RelationText
    >,
  };
}

const es = translated(
  'Juntos, {{a}} y {{b}} suman el kin {{composite}}: la tarea y la nota común de los dos.',
  'Sus firmas no están en un mismo oráculo: el vínculo no trae papeles fijos y su carácter lo eligen ustedes.',
  {
    same_kin: [
      'El mismo kin',
      'Comparten una firma: cada uno se reconoce en el otro.',
      'El mismo kin es un espejo: se entienden al instante y ven enseguida los puntos débiles del otro. Acuerden quién guía en cada momento.',
    ],
    analog: [
      'Análogo',
      'Son análogos: se apoyan y se fortalecen.',
      'El análogo está a tu lado y hace el mismo trabajo de otra manera. Comparten tono y sus sellos se completan: uno recoge lo que el otro suelta.',
    ],
    antipode: [
      'Antípoda',
      'Son antípodas: cada uno pone a prueba al otro.',
      'La antípoda empuja en contra y así enseña. La fricción es inevitable, pero ayuda si se vive como entrenamiento y no como lucha.',
    ],
    occult: [
      'Oculto',
      'Son socios ocultos: hay una fuerza escondida e inesperada entre ustedes.',
      'El kin oculto es un aliado escondido: sus tonos suman 14 y sus sellos 21. La ayuda llega en el momento difícil, desde donde no se esperaba.',
    ],
    a_guides_b: [
      'El primero guía al segundo',
      'La primera firma es la guía de la segunda: muestra el camino.',
      'La guía marca la dirección: al primero le toca proponer la meta, al segundo escuchar y probar el camino. Que la guía sea una invitación, no una orden.',
    ],
    b_guides_a: [
      'El segundo guía al primero',
      'La segunda firma es la guía de la primera: muestra el camino.',
      'La guía marca la dirección: al segundo le toca proponer la meta, al primero escuchar y probar el camino. Que la guía sea una invitación, no una orden.',
    ],
    same_wavespell: [
      'Una onda encantada',
      'Comparten onda encantada: un propósito de 13 días.',
      'Una onda es una historia de trece pasos; cada uno está en su escalón y avanzan hacia la misma meta.',
    ],
    same_castle: [
      'Un castillo',
      'Comparten castillo: un gran tema de 52 días.',
      'Un castillo son 52 días de una gran lección que recorren juntos; sus preguntas se parecen.',
    ],
    same_tone: [
      'Un tono',
      'Comparten tono: actúan al mismo ritmo.',
      'El mismo tono es la misma manera de actuar: les resulta fácil llevar un paso común.',
    ],
    same_seal: [
      'Un sello',
      'Comparten sello: sirven al mismo poder.',
      'Un sello es una naturaleza: valoran lo mismo y también compiten por lo mismo. Conviene repartir los papeles.',
    ],
  },
  {
    same: [
      'Un color',
      'Sus sellos son del mismo color: son de una familia.',
      'Un color es una etapa del camino que recorren juntos.',
    ],
    analog: [
      'Colores análogos',
      'Sus colores son amigos y se apoyan.',
      'Rojo con blanco y azul con amarillo: uno prepara el terreno, el otro continúa.',
    ],
    antipode: [
      'Colores antípodas',
      'Sus colores son opuestos: miran el mundo desde dos lados.',
      'Rojo con azul y blanco con amarillo: juntos ven la tarea completa si se escuchan.',
    ],
    occult: [
      'Colores ocultos',
      'Sus colores están unidos en secreto: juntos cierran el círculo.',
      'Rojo con amarillo y blanco con azul: el principio y el fin del camino.',
    ],
  },
);

const pt = translated(
  'Juntos, {{a}} e {{b}} somam o kin {{composite}}: a tarefa e a nota comum de vocês dois.',
  'Suas assinaturas não estão num mesmo oráculo: o vínculo não traz papéis fixos e o seu caráter é escolhido por vocês.',
  {
    same_kin: [
      'O mesmo kin',
      'Vocês têm a mesma assinatura: cada um se reconhece no outro.',
      'O mesmo kin é um espelho: vocês se entendem na hora e veem logo os pontos fracos um do outro. Combinem quem conduz em cada momento.',
    ],
    analog: [
      'Análogo',
      'Vocês são análogos: apoiam e fortalecem um ao outro.',
      'O análogo fica ao seu lado e faz o mesmo trabalho de outro jeito. Vocês têm o mesmo tom e os selos se completam.',
    ],
    antipode: [
      'Antípoda',
      'Vocês são antípodas: cada um põe o outro à prova.',
      'A antípoda empurra contra e assim ensina. O atrito é inevitável, mas ajuda quando visto como treino, não como briga.',
    ],
    occult: [
      'Oculto',
      'Vocês são parceiros ocultos: há uma força escondida e inesperada entre vocês.',
      'O kin oculto é um aliado escondido: os tons somam 14 e os selos 21. A ajuda vem no momento difícil, de onde não se esperava.',
    ],
    a_guides_b: [
      'O primeiro guia o segundo',
      'A primeira assinatura é a guia da segunda: mostra o caminho.',
      'A guia dá a direção: cabe ao primeiro propor a meta e ao segundo ouvir e testar o caminho. Que a guia seja um convite, não uma ordem.',
    ],
    b_guides_a: [
      'O segundo guia o primeiro',
      'A segunda assinatura é a guia da primeira: mostra o caminho.',
      'A guia dá a direção: cabe ao segundo propor a meta e ao primeiro ouvir e testar o caminho. Que a guia seja um convite, não uma ordem.',
    ],
    same_wavespell: [
      'Uma onda encantada',
      'Vocês compartilham a onda encantada: um propósito de 13 dias.',
      'Uma onda é uma história de treze passos; cada um está no seu degrau, rumo à mesma meta.',
    ],
    same_castle: [
      'Um castelo',
      'Vocês compartilham o castelo: um grande tema de 52 dias.',
      'Um castelo são 52 dias de uma grande lição que vocês atravessam juntos.',
    ],
    same_tone: [
      'Um tom',
      'Vocês têm o mesmo tom: agem no mesmo ritmo.',
      'O mesmo tom é o mesmo jeito de agir: é fácil manter um passo comum.',
    ],
    same_seal: [
      'Um selo',
      'Vocês têm o mesmo selo: servem ao mesmo poder.',
      'Um selo é uma natureza: valorizam o mesmo e também disputam o mesmo. Vale dividir os papéis.',
    ],
  },
  {
    same: [
      'Uma cor',
      'Seus selos são da mesma cor: vocês são de uma família.',
      'Uma cor é uma etapa do caminho percorrida juntos.',
    ],
    analog: [
      'Cores análogas',
      'Suas cores são amigas e se apoiam.',
      'Vermelho com branco e azul com amarelo: uma prepara o terreno, a outra continua.',
    ],
    antipode: [
      'Cores antípodas',
      'Suas cores são opostas: vocês veem o mundo de dois lados.',
      'Vermelho com azul e branco com amarelo: juntas veem a tarefa inteira, se se ouvem.',
    ],
    occult: [
      'Cores ocultas',
      'Suas cores estão ligadas em segredo: juntas fecham o círculo.',
      'Vermelho com amarelo e branco com azul: o começo e o fim do caminho.',
    ],
  },
);

const de = translated(
  'Zusammen ergeben {{a}} und {{b}} das Kin {{composite}}: die gemeinsame Aufgabe und der Grundton von euch beiden.',
  'Eure Signaturen stehen nicht auf einem Orakel: Die Verbindung kennt keine festen Rollen, ihren Charakter wählt ihr selbst.',
  {
    same_kin: [
      'Dasselbe Kin',
      'Sie teilen eine Signatur: Jeder erkennt sich im anderen.',
      'Dasselbe Kin ist ein Spiegel: Ihr versteht einander sofort und seht ebenso schnell die Schwächen des anderen. Vereinbart, wer wann führt.',
    ],
    analog: [
      'Analog',
      'Sie sind Analog-Partner: Sie stützen und stärken einander.',
      'Der Analog steht neben euch und tut dieselbe Arbeit auf andere Weise. Ihr teilt den Ton, eure Siegel ergänzen sich.',
    ],
    antipode: [
      'Antipode',
      'Sie sind Antipoden: Jeder stellt den anderen auf die Probe.',
      'Der Antipode hält dagegen und lehrt dadurch. Reibung ist unvermeidlich, hilft aber, wenn man sie als Training sieht, nicht als Kampf.',
    ],
    occult: [
      'Okkulter Partner',
      'Ihr seid okkulte Partner: Zwischen euch liegt eine unerwartete Kraft.',
      'Das okkulte Kin ist ein stiller Verbündeter: Eure Töne ergeben 14, eure Siegel 21. Hilfe kommt im schweren Moment von unerwarteter Seite.',
    ],
    a_guides_b: [
      'Der Erste führt den Zweiten',
      'Die erste Signatur ist die Führung der zweiten: Sie zeigt den Weg.',
      'Die Führung gibt die Richtung vor: Der Erste schlägt das Ziel vor, der Zweite hört zu und prüft den Weg. Führung bleibt eine Einladung, kein Befehl.',
    ],
    b_guides_a: [
      'Der Zweite führt den Ersten',
      'Die zweite Signatur ist die Führung der ersten: Sie zeigt den Weg.',
      'Die Führung gibt die Richtung vor: Der Zweite schlägt das Ziel vor, der Erste hört zu und prüft den Weg. Führung bleibt eine Einladung, kein Befehl.',
    ],
    same_wavespell: [
      'Eine Welle',
      'Sie teilen eine Welle: eine Absicht von 13 Tagen.',
      'Eine Welle ist eine Geschichte aus dreizehn Schritten; jeder steht auf seiner Stufe, beide gehen zum selben Ziel.',
    ],
    same_castle: [
      'Ein Schloss',
      'Ihr teilt ein Schloss: ein großes Thema von 52 Tagen.',
      'Ein Schloss sind 52 Tage einer großen Lektion, die ihr gemeinsam durchlauft.',
    ],
    same_tone: [
      'Ein Ton',
      'Sie teilen einen Ton: Sie handeln im selben Rhythmus.',
      'Derselbe Ton ist dieselbe Art zu handeln: Ein gemeinsames Tempo fällt euch leicht.',
    ],
    same_seal: [
      'Ein Siegel',
      'Sie teilen ein Siegel: Sie dienen derselben Kraft.',
      'Ein Siegel ist eine Natur: Ihr schätzt dasselbe und wetteifert auch darum. Teilt die Rollen auf.',
    ],
  },
  {
    same: [
      'Eine Farbe',
      'Eure Siegel haben eine Farbe: Ihr gehört zu einer Familie.',
      'Eine Farbe ist eine Stufe des Weges, die ihr gemeinsam geht.',
    ],
    analog: [
      'Analoge Farben',
      'Eure Farben sind befreundet und stützen einander.',
      'Rot mit Weiß und Blau mit Gelb: Die eine bereitet den Boden, die andere führt fort.',
    ],
    antipode: [
      'Antipoden-Farben',
      'Eure Farben sind Gegensätze: Ihr seht die Welt von zwei Seiten.',
      'Rot mit Blau und Weiß mit Gelb: Gemeinsam sehen sie die ganze Aufgabe, wenn sie einander zuhören.',
    ],
    occult: [
      'Verborgene Farben',
      'Eure Farben sind im Verborgenen verbunden: Gemeinsam schließt ihr den Kreis.',
      'Rot mit Gelb und Weiß mit Blau: Anfang und Ende des Weges.',
    ],
  },
);

const ja = translated(
  '{{a}} と {{b}} を合わせるとキン {{composite}} になります。これがふたりの共通の課題と基調です。',
  'ふたりのサインは同じオラクルにはありません。決まった役割のない関係で、その性格はふたりで選べます。',
  {
    same_kin: [
      '同じキン',
      '同じサインを持つふたり：相手の中に自分を見ます。',
      '同じキンは鏡です。互いの動機も弱点もすぐにわかります。どちらがいつ導くかを決めておきましょう。',
    ],
    analog: [
      '類似',
      'ふたりは類似のパートナー：支え合い、強め合います。',
      '類似キンはそばに立ち、同じ仕事を別のやり方で行います。音が同じで、紋章が互いを補います。',
    ],
    antipode: [
      '反対',
      'ふたりは反対のパートナー：互いを試し合います。',
      '反対キンは押し返すことで教えてくれます。摩擦は避けられませんが、戦いではなく訓練と見れば力になります。',
    ],
    occult: [
      '神秘',
      'ふたりは神秘のパートナー：隠れた思いがけない力があります。',
      '神秘キンは隠れた味方です。音の和は14、紋章の和は21。困ったとき、思わぬところから助けが届きます。',
    ],
    a_guides_b: [
      '一人目が二人目を導く',
      '一人目のサインは二人目のガイド：道を示します。',
      'ガイドは方向を決めます。一人目が目標を示し、二人目が耳を傾けて道を確かめます。導きは命令ではなく招待に。',
    ],
    b_guides_a: [
      '二人目が一人目を導く',
      '二人目のサインは一人目のガイド：道を示します。',
      'ガイドは方向を決めます。二人目が目標を示し、一人目が耳を傾けて道を確かめます。導きは命令ではなく招待に。',
    ],
    same_wavespell: [
      '同じウェイブスペル',
      '同じウェイブスペル：13日間の共通の目的があります。',
      'ウェイブスペルは13段階の物語。それぞれの段から同じゴールへ向かいます。',
    ],
    same_castle: [
      '同じ城',
      '同じ城：52日間の大きなテーマを共有します。',
      '城は52日間の大きな学び。同じ問いに同じ時期に答えを見つけます。',
    ],
    same_tone: [
      '同じ音',
      '同じ音：同じリズムで動きます。',
      '同じ音は同じ行動のしかた。共通のペースを保つのが簡単です。',
    ],
    same_seal: [
      '同じ紋章',
      '同じ紋章：同じ力に仕えます。',
      '同じ紋章は同じ本質。同じものを大切にし、同じものを競い合います。役割を分けましょう。',
    ],
  },
  {
    same: ['同じ色', '紋章の色が同じ：同じ家族です。', '同じ色は道の同じ段階。一緒に始め、磨き、変え、実らせます。'],
    analog: [
      '類似の色',
      '色どうしが仲良く支え合います。',
      '赤と白、青と黄は類似の色：一方が土台を作り、もう一方が続けます。',
    ],
    antipode: [
      '反対の色',
      '色が反対：世界を二つの側から見ます。',
      '赤と青、白と黄は反対の色：耳を傾け合えば課題の全体が見えます。',
    ],
    occult: [
      '神秘の色',
      '色が密かに結ばれています：ふたりで円を閉じます。',
      '赤と黄、白と青は道の始まりと終わりです。',
    ],
  },
);

const zh = translated(
  '{{a}} 与 {{b}} 相加得到 Kin {{composite}}：这是你们两人共同的任务与基调。',
  '你们的签名不在同一个神谕上：这段关系没有既定角色，它的性格由你们自己选择。',
  {
    same_kin: [
      '同一个 Kin',
      '你们拥有同一个签名：在对方身上看到自己。',
      '同一个 Kin 是一面镜子：彼此的动机和弱点都一目了然。最好约定何时由谁引领。',
    ],
    analog: [
      '支持',
      '你们是支持伙伴：彼此扶持、彼此增强。',
      '支持 Kin 站在你身边，用另一种方式做同样的事。你们调性相同，图腾互补。',
    ],
    antipode: [
      '挑战',
      '你们是挑战伙伴：彼此考验。',
      '挑战 Kin 以反推来教导。摩擦难免，把它当作锻炼而非争斗，就会有益。',
    ],
    occult: [
      '隐藏推动',
      '你们是隐藏推动伙伴：彼此之间有一股意想不到的力量。',
      '隐藏推动 Kin 是暗中的盟友：调性之和为 14，图腾之和为 21。困难时，帮助会从意想不到的地方到来。',
    ],
    a_guides_b: [
      '第一人引导第二人',
      '第一个签名是第二个的引导：指明方向。',
      '引导决定方向：第一人提出目标，第二人倾听并在实践中检验道路。引导应是邀请，而非命令。',
    ],
    b_guides_a: [
      '第二人引导第一人',
      '第二个签名是第一个的引导：指明方向。',
      '引导决定方向：第二人提出目标，第一人倾听并在实践中检验道路。引导应是邀请，而非命令。',
    ],
    same_wavespell: [
      '同一波符',
      '你们在同一波符：共享 13 天的意图。',
      '波符是十三步的故事，各自站在自己的台阶上，走向同一个目标。',
    ],
    same_castle: ['同一城堡', '你们在同一城堡：共享 52 天的大主题。', '城堡是 52 天的一堂大课，你们一起走过。'],
    same_tone: ['同一调性', '你们调性相同：以同样的节奏行动。', '相同的调性意味着相同的行动方式，容易保持共同的步调。'],
    same_seal: [
      '同一图腾',
      '你们图腾相同：服务于同一种力量。',
      '同一图腾是同一种本性：珍视相同的东西，也会为之竞争。最好分工。',
    ],
  },
  {
    same: ['同一颜色', '你们的图腾颜色相同：属于同一家族。', '同一颜色是道路的同一阶段，你们一起经历。'],
    analog: ['支持色', '你们的颜色友好，彼此支持。', '红与白、蓝与黄是支持色：一方打基础，另一方延续。'],
    antipode: ['挑战色', '你们的颜色相对：从两面看世界。', '红与蓝、白与黄是挑战色：相互倾听，就能看到任务的全貌。'],
    occult: ['隐藏色', '你们的颜色暗中相连：一起画完圆圈。', '红与黄、白与蓝是道路的起点与终点。'],
  },
);

const ar = translated(
  'معًا، {{a}} و{{b}} يكوّنان الكين {{composite}}: المهمة المشتركة والنغمة الأساسية لكما.',
  'توقيعاكما لا يقفان على أوراكل واحد: العلاقة بلا أدوار جاهزة، وأنتما من يختار طابعها.',
  {
    same_kin: [
      'الكين نفسه',
      'لكما التوقيع نفسه: كلٌّ منكما يرى نفسه في الآخر.',
      'الكين نفسه مرآة: تفهمان دوافع بعضكما فورًا وتريان نقاط الضعف بسرعة. اتفقا على من يقود ومتى.',
    ],
    analog: [
      'المماثل',
      'أنتما شريكان مماثلان: تدعمان وتقوّيان بعضكما.',
      'المماثل يقف بجانبك ويؤدي العمل نفسه بطريقة أخرى. النغمة واحدة والختمان يكمّلان بعضهما.',
    ],
    antipode: [
      'المضاد',
      'أنتما متضادان: كلٌّ منكما يختبر الآخر.',
      'المضاد قوة تقاوم وتعلّم بذلك. الاحتكاك لا مفر منه، لكنه مفيد إن رأيتماه تدريبًا لا صراعًا.',
    ],
    occult: [
      'الخفي',
      'أنتما شريكان خفيّان: بينكما قوة خفية غير متوقعة.',
      'الكين الخفي حليف مستتر: مجموع نغمتيكما 14 ومجموع ختميكما 21. يأتي العون في اللحظة الصعبة من حيث لا تتوقعان.',
    ],
    a_guides_b: [
      'الأول يرشد الثاني',
      'التوقيع الأول هو مرشد الثاني: يدلّ على الطريق.',
      'المرشد يحدد الاتجاه: يقترح الأول الهدف ويصغي الثاني ويختبر الطريق. ليبقَ الإرشاد دعوة لا أمرًا.',
    ],
    b_guides_a: [
      'الثاني يرشد الأول',
      'التوقيع الثاني هو مرشد الأول: يدلّ على الطريق.',
      'المرشد يحدد الاتجاه: يقترح الثاني الهدف ويصغي الأول ويختبر الطريق. ليبقَ الإرشاد دعوة لا أمرًا.',
    ],
    same_wavespell: [
      'موجة واحدة',
      'أنتما في موجة واحدة: قصد مشترك من 13 يومًا.',
      'الموجة قصة من ثلاث عشرة خطوة، كلٌّ منكما على درجته، نحو الهدف نفسه.',
    ],
    same_castle: [
      'قلعة واحدة',
      'أنتما في قلعة واحدة: موضوع كبير من 52 يومًا.',
      'القلعة 52 يومًا من درس كبير تمرّان به معًا.',
    ],
    same_tone: [
      'نغمة واحدة',
      'لكما النغمة نفسها: تعملان بالإيقاع نفسه.',
      'النغمة نفسها طريقة واحدة في الفعل: يسهل عليكما الحفاظ على خطى مشتركة.',
    ],
    same_seal: [
      'ختم واحد',
      'لكما الختم نفسه: تخدمان القوة نفسها.',
      'الختم الواحد طبيعة واحدة: تقدّران الأشياء نفسها وتتنافسان عليها أيضًا. وزّعا الأدوار.',
    ],
  },
  {
    same: [
      'لون واحد',
      'ختماكما من لون واحد: أنتما من عائلة واحدة.',
      'اللون الواحد مرحلة واحدة من الطريق تعبرانها معًا.',
    ],
    analog: [
      'لونان مماثلان',
      'لوناكما صديقان يدعمان بعضهما.',
      'الأحمر مع الأبيض والأزرق مع الأصفر: أحدهما يمهّد والآخر يكمل.',
    ],
    antipode: [
      'لونان متضادان',
      'لوناكما متقابلان: تريان العالم من جهتين.',
      'الأحمر مع الأزرق والأبيض مع الأصفر: معًا يريان المهمة كاملة إن أصغيا لبعضهما.',
    ],
    occult: [
      'لونان خفيّان',
      'لوناكما مرتبطان سرًّا: معًا تغلقان الدائرة.',
      'الأحمر مع الأصفر والأبيض مع الأزرق: بداية الطريق ونهايته.',
    ],
  },
);

export const COMPAT_TEXTS: Readonly<Record<Language, CompatTexts>> = { ru, en, es, pt, de, ja, zh, ar };
