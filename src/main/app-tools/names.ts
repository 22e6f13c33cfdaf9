/** The app tools' server name as the Assistant (and the tool namespace) sees it. */
export const APP_TOOLS_SERVER = 'kalla-app';
