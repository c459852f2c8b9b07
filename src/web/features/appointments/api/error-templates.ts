import { APPOINTMENT_ERROR_TEMPLATES } from '../../../../shared/appointment-templates.ts';
import { registerErrorTemplates } from '../../../lib/error-text.ts';

// The booking, cancelling and moving calls' refusals with values (the minimum notice, the cut-off): imported by each of
// those API modules, so their templates are known wherever those refusals can be shown.
registerErrorTemplates(APPOINTMENT_ERROR_TEMPLATES);
