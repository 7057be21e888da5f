import { useTranslation } from '../i18n.tsx';

/** Fallback while an island's lazy part loads. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="shell-spinner" role="status">
      <span className="shell-spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{t('shell.loading')}</span>
    </div>
  );
}
