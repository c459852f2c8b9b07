/** The spec's timings for the account screens (section 9). */
export const SIGN_UP_REDIRECT_SECONDS = 3;
export const LOGIN_REDIRECT_MS = 500;
export const UNVERIFIED_SIGN_OUT_MS = 5000;
