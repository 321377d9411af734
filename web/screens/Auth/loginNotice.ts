/** What the login screen says on arrival, passed in the navigation state (a password just reset). */
export type LoginNotice = { notice: string };
