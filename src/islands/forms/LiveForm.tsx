import { useEffect } from 'react';
import { enhanceLiveForm, fetchPageHtml } from './live-form.ts';

interface Props {
  formId: string;
  regionId: string;
}

/** Updates a server-rendered GET form's result region as the visitor types (calculators and converters). */
export default function LiveForm({ formId, regionId }: Props) {
  useEffect(() => {
    const form = document.getElementById(formId);
    const region = document.getElementById(regionId);
    if (!(form instanceof HTMLFormElement) || !region) return undefined;
    return enhanceLiveForm(form, region, { fetchHtml: fetchPageHtml }).cleanup;
  }, [formId, regionId]);
  return null;
}
