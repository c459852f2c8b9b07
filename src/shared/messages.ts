import { english } from './english.ts';

/** User-facing texts shared by the server and the browser (kept free of dependencies for the first bundle). */
export const GENERIC_SERVER_ERROR_MESSAGE = english('Something went wrong on our side. Please try again in a moment.');
export const NETWORK_ERROR_MESSAGE = english('We could not reach the server. Please check your internet connection and try again.');
export const MAINTENANCE_MESSAGE = english('Sorry, we are down for maintenance now. Be back soon!');
