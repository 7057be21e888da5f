/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    user: import('./server/auth/session-user.ts').SessionUser | null;
    t: import('./server/i18n/translator.ts').Translator;
    lang: string;
    dir: 'ltr' | 'rtl';
    strings: import('./server/i18n/translator.ts').Strings;
    languages: import('./server/services/language-service.ts').LanguageSummary[];
    runtime: import('./server/runtime.ts').Runtime;
    /** Set by src/middleware.ts when the request itself was refused: what src/pages/400.astro shows. */
    problem?: import('./server/web/forms.ts').FormProblem;
  }
}
