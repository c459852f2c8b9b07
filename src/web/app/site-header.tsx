import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locale.ts';
import { navLinksFor } from '../../shared/navigation.ts';
import { BUSINESS_NAME } from '../../shared/site.ts';
import { activateLocale, translate } from '../lib/i18n.ts';
import { saveLocaleChoice } from '../lib/locale-choice.ts';
import { useViewer } from '../lib/viewer.tsx';

/**
 * Bootstrap's navbar markup with React state for the phone-width menu. It is part of every page's first load, so
 * it uses Bootstrap's classes on plain elements instead of react-bootstrap's Navbar and its transition code.
 */
export function SiteHeader({ onLogout }: { onLogout?: () => void }) {
  const { t } = useLingui();
  const viewer = useViewer();
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  const menu = t`Menu`;

  return (
    <header>
      <a className="visually-hidden-focusable skip-link" href="#main-content">
        {t`Skip to main content`}
      </a>
      <LanguageSwitch onChange={(locale) => void saveLocaleChoice(locale)} />
      <nav className="navbar navbar-expand-md navbar-dark site-navbar" aria-label={t`Main`}>
        <div className="container">
          <Link to="/" onClick={close} className="navbar-brand site-brand">
            <img src="/favicon.svg" alt="" width="36" height="36" className="me-2" />
            {BUSINESS_NAME}
          </Link>
          <button
            type="button"
            className={`navbar-toggler site-menu-toggle${expanded ? '' : ' collapsed'}`}
            aria-controls="site-nav"
            aria-expanded={expanded}
            aria-label={menu}
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
            <span className="ms-2">{menu}</span>
          </button>
          <div id="site-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <ul className="navbar-nav ms-auto">
              {navLinksFor(viewer).map((link) => (
                <li className="nav-item" key={link.label}>
                  {'to' in link ? (
                    <NavLink to={link.to} onClick={close} className="nav-link">
                      {translate(link.label)}
                    </NavLink>
                  ) : (
                    <button
                      type="button"
                      className="nav-link"
                      onClick={() => {
                        close();
                        onLogout?.();
                      }}
                    >
                      {translate(link.label)}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}

/**
 * "English / Español" on every page, each name in its own language. The choice is kept on this browser (and, for
 * a signed-in customer, on their profile: `onChange`).
 */
export function LanguageSwitch({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { i18n, t } = useLingui();
  const [failed, setFailed] = useState(false);
  const choose = (locale: Locale) => {
    if (locale === i18n.locale) return;
    activateLocale(locale).then(
      () => {
        setFailed(false);
        onChange?.(locale);
      },
      () => setFailed(true),
    );
  };
  return (
    <div className="language-bar">
      <fieldset className="container language-switch">
        <legend className="visually-hidden">Language / Idioma</legend>
        {LOCALES.map((locale, index) => (
          <span key={locale}>
            {index > 0 && <span aria-hidden="true"> / </span>}
            <button type="button" lang={locale} aria-pressed={i18n.locale === locale} onClick={() => choose(locale)}>
              {LOCALE_NAMES[locale]}
            </button>
          </span>
        ))}
        {failed && (
          <span role="alert" className="language-switch-error">
            {t`The language could not be changed. Please try again.`}
          </span>
        )}
      </fieldset>
    </div>
  );
}
