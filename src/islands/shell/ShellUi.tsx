import { createRoot } from 'react-dom/client';
import { IslandI18nProvider, type IslandI18n } from '../i18n.tsx';
import { Toasts } from './Toasts.tsx';
import { UnsupportedBanner } from './UnsupportedBanner.tsx';

export interface ShellUiProps {
  i18n: IslandI18n;
  appstoreId: string;
  /** The page's toast live region (AppShell.astro). */
  toastRegion: HTMLElement;
}

/** The app shell's React part: the toasts and the unsupported-browser banner. */
export function ShellUi({ i18n, appstoreId, toastRegion }: ShellUiProps) {
  return (
    <IslandI18nProvider i18n={i18n}>
      <Toasts region={toastRegion} />
      <UnsupportedBanner appstoreId={appstoreId} />
    </IslandI18nProvider>
  );
}

export function mountShellUi(container: Element, props: ShellUiProps): void {
  createRoot(container).render(<ShellUi {...props} />);
}
