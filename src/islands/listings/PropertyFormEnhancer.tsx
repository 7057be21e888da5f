import { useEffect } from 'react';
import { createTranslate } from '../../lib/i18n/translate.ts';
import type { IslandI18n } from '../i18n.tsx';
import { enhancePropertyForm } from './form-enhancer.ts';

interface Props {
  i18n: IslandI18n;
  formId: string;
}

/** Adds steps, live field messages and one-by-one floors to the server-rendered property form. */
export default function PropertyFormEnhancer({ i18n, formId }: Props) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return undefined;
    return enhancePropertyForm(form, createTranslate(i18n.lang, i18n.strings));
  }, [formId, i18n]);
  return null;
}
