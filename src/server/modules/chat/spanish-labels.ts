/** The site's buttons and labels as the Spanish site shows them, in the answers that tell customers what to press. */
export const SPANISH_LABELS = {
  'Change time': 'Cambiar la hora',
  Cancel: 'Cancelar',
  Pay: 'Pagar',
  Confirm: 'Confirmar',
  Register: 'Registrarse',
  'Forgot password?': '¿Olvidó su contraseña?',
  'Too soon to book': 'Demasiado pronto para programar',
  Closed: 'Cerrado',
  'In-Person': 'Presencial',
  Remote: 'A distancia',
} as const;
