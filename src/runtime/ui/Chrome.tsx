import { useContext } from 'react';
import { Link } from 'react-router';
import type { AppConfig } from '../../compiler/schema/app.ts';
import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import { runActions } from '../actions.ts';
import { ScreenSignal, useCopy, useFacts, useObservable, useRuntime } from '../context.tsx';
import { TargetLink } from './TargetLink.tsx';

type NavLink = AppConfig['header']['links'][number];

function NavItems({ links }: { links: readonly NavLink[] }) {
  const rt = useRuntime();
  const t = useCopy();
  const facts = useFacts();
  const signal = useContext(ScreenSignal);
  const shown = links.filter((l) => evaluateCondition(l.when, facts));
  if (!shown.length) return null;
  return (
    <ul className="nav-links">
      {shown.map((l) => (
        <li key={l.label}>
          {l.to !== undefined ? (
            <TargetLink to={l.to} className="nav-link">
              {t(l.label)}
            </TargetLink>
          ) : (
            <button type="button" className="nav-link nav-link--button" onClick={() => void runActions(l.actions, rt.services, { signal })}>
              {t(l.label)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The header: the product name home, and the links whose `when:` holds. */
export function Header({ style }: { style: 'standard' | 'class' }) {
  const rt = useRuntime();
  const t = useCopy();
  const { app } = rt.config;
  return (
    <header className={`site-header site-header--${style}`}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          {t(app.productName)}
        </Link>
        <nav aria-label={t('common:mainNavigation')}>
          <NavItems links={app.header.links} />
        </nav>
      </div>
    </header>
  );
}

/** A language's name in that language, as a parent looks for it: 'Español', 'English'. */
function languageName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** Every language of the build; choosing one sets client state `locale` (src/runtime/language.ts). */
function LanguageSwitcher() {
  const rt = useRuntime();
  const t = useCopy();
  const { locale } = useObservable(rt.state);
  const { locales } = rt.config;
  if (locales.length < 2) return null;
  return (
    <label className="language-switcher">
      <span className="language-switcher__label">{t('common:language.label')}</span>
      <select value={locale} onChange={(e) => rt.state.setKey('locale', e.currentTarget.value)}>
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The footer: its texts (CCPA), links and the language switcher. */
export function Footer({ style }: { style: 'standard' | 'class' }) {
  const rt = useRuntime();
  const t = useCopy();
  const { footer } = rt.config.app;
  return (
    <footer className={`site-footer site-footer--${style}`}>
      <div className="site-footer__inner">
        {footer.links && <NavItems links={footer.links} />}
        {footer.texts.map((key) => (
          <p key={key} className="site-footer__text">
            {t(key)}
          </p>
        ))}
        <LanguageSwitcher />
      </div>
    </footer>
  );
}
