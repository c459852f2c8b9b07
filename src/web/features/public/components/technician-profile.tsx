import './technician.css';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AppConfig } from '../../../../shared/app-config.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { yearsOfExperience } from './technician.ts';

type Technician = AppConfig['technician'];

/**
 * A drawing of the technician in the style of the site's illustrations (the slides' technician: teal shirt, yellow
 * badge), shown until the owner sets a photo (TECHNICIAN_PHOTO_URL). It says nothing the name beside it does not.
 */
function DrawnTechnician() {
  return (
    <svg className="technician-portrait" viewBox="0 0 240 240" width="240" height="240" aria-hidden="true" focusable="false">
      <circle cx="120" cy="120" r="120" fill="#eef6f9" />
      <circle cx="152" cy="98" r="78" fill="#dcedf3" />
      <rect x="104" y="128" width="32" height="34" fill="#b97c55" />
      <path d="M34 240 C34 184 62 156 120 156 C178 156 206 184 206 240 Z" fill="#0b4f6c" />
      <path d="M102 156 L120 184 L138 156 Z" fill="#ffffff" />
      <rect x="150" y="190" width="26" height="32" rx="4" fill="#ffd166" />
      <path d="M156 200 h14 M156 208 h10" stroke="#0b4f6c" strokeWidth="3" strokeLinecap="round" />
      <circle cx="120" cy="98" r="44" fill="#c98a62" />
      <path d="M76 96 C73 58 98 44 122 44 C150 44 170 62 164 96 C157 77 141 70 120 72 C100 74 84 82 76 96 Z" fill="#3b2a22" />
      <circle cx="105" cy="102" r="4.5" fill="#2a1d17" />
      <circle cx="135" cy="102" r="4.5" fill="#2a1d17" />
      <path d="M106 120 q14 11 28 0" fill="none" stroke="#7a4330" strokeWidth="4" strokeLinecap="round" />
      <circle cx="94" cy="116" r="6" fill="#f4a99a" opacity="0.55" />
      <circle cx="146" cy="116" r="6" fill="#f4a99a" opacity="0.55" />
    </svg>
  );
}

/** The technician's photo (TECHNICIAN_PHOTO_URL), or the drawing until one is set. */
export function TechnicianPortrait({ technician = appConfig.technician }: { technician?: Technician }) {
  const { t } = useLingui();
  if (!technician.photoUrl) return <DrawnTechnician />;
  const name = technician.name;
  return (
    <img
      className="technician-portrait"
      src={technician.photoUrl}
      alt={name ? t`Photo of ${name}` : t`Photo of your technician`}
      width="240"
      height="240"
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * The technician in brief (issue 40): the portrait, the name when it is set (TECHNICIAN_NAME), the years of
 * experience when the starting year is set, and the service area; `children` below (the biography, a link). The
 * name is a heading under the section's (an h2).
 */
export function TechnicianProfile({ technician = appConfig.technician, children }: { technician?: Technician; children?: ReactNode }) {
  const { t } = useLingui();
  const years = yearsOfExperience(technician.sinceYear);
  return (
    <div className="technician-profile">
      <div className="technician-profile-portrait">
        <TechnicianPortrait technician={technician} />
      </div>
      <div className="technician-profile-text">
        {technician.name && <h3 className="technician-name">{technician.name}</h3>}
        <ul className="technician-facts">
          {years !== undefined && (
            <li>{t`${plural(years, { one: '# year of experience', other: '# years of experience' })} with computers, networks and people`}</li>
          )}
          <li>{t`Serves homes and businesses in the Town of Islip and the Town of Smithtown`}</li>
          <li>{t`Visits on Saturdays and Sundays, at your door or remotely`}</li>
        </ul>
        {children}
      </div>
    </div>
  );
}
