import type { Language } from '@hunab/calendar';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ja } from './ja.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import type { EmailCopyBook } from './types.ts';
import { zh } from './zh.ts';

export type { EmailCopy, EmailCopyBook, EmailKind } from './types.ts';

export const EMAIL_COPY: Readonly<Record<Language, EmailCopyBook>> = { ru, en, es, pt, de, ja, zh, ar };
