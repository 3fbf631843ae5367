/**
 * pt-BR accessible names for controls whose library default is English. Mantine's PasswordInput names
 * its show/hide button "Toggle password visibility"; every PasswordInput passes this instead
 * (a11y-labels.test.ts checks the sources).
 */
export const PASSWORD_TOGGLE_PROPS = { 'aria-label': 'Mostrar ou ocultar a senha' } as const;
