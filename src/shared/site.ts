import { english } from './english.ts';

/**
 * The business's name and tagline, apart from the rest of its facts (business.ts): the header and footer of every
 * page show them, so their texts are in the first load's catalogue (lingui.config.ts), the other facts' are not.
 */
export const BUSINESS_NAME = 'TechHelp';
export const BUSINESS_TAGLINE = english('Friendly computer help for the Towns of Islip and Smithtown');
