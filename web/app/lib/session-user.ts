/** The signed-in user as the layout needs it (name for the menu, role for the admin link). */
export interface SessionUser {
  firstName: string;
  lastName: string;
  isAdmin: boolean;
}
