import { useTranslation } from '../i18n.tsx';
import './spinner.css';

/**
 * Fallback for Suspense boundaries (its label hidden by global.css's visually-hidden, on every page) while an island's lazy part loads. Announced to screen readers as
 * "Loading…" (`shell.loading`), or `label` when the island has its own text.
 */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="shell-spinner" role="status">
      <span className="shell-spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('shell.loading')}</span>
    </div>
  );
}
