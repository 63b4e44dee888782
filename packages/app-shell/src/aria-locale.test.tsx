import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAriaLocale } from './aria-locale';

afterEach(cleanup);

// Imported in the test, after the locale is set, as the lazy react-aria parts are.
let useLocale: typeof import('react-aria-components').useLocale;

function ShowLocale() {
  const { locale, direction } = useLocale();
  return <p data-testid="locale">{`${locale} ${direction}`}</p>;
}

describe("react-aria's locale without a root I18nProvider", () => {
  it('is the site language when react-aria loads, and follows a later change', async () => {
    setAriaLocale('fr-FR');
    ({ useLocale } = await import('react-aria-components'));
    render(<ShowLocale />);
    expect(screen.getByTestId('locale').textContent).toBe('fr-FR ltr');
    act(() => setAriaLocale('ar'));
    expect(screen.getByTestId('locale').textContent).toBe('ar rtl');
  });

  it('announces a change only, not the first value nor the same one again', () => {
    const win = Object.assign(new EventTarget(), {}) as unknown as Window;
    const onChange = vi.fn();
    win.addEventListener('languagechange', onChange);
    setAriaLocale('en', win);
    setAriaLocale('en', win);
    expect(onChange).not.toHaveBeenCalled();
    setAriaLocale('de', win);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
