const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function passwordResetMail(siteName: string, link: string) {
  const subject = `Reset your ${siteName} password`;
  const text = [
    `Someone asked to reset the password of your ${siteName} account.`,
    "",
    `Open this link to choose a new password (it works once and expires in one hour):`,
    link,
    "",
    "If you did not ask for this, ignore this mail: your password stays as it is.",
  ].join("\n");
  const html = `<p>Someone asked to reset the password of your ${escapeHtml(siteName)} account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once and expires in one hour).</p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`;
  return { subject, text, html, fromName: siteName };
}

/** To a new account that is not the site's first (the admin): it exists, and how to sign in. */
export function newAccountMail(siteName: string, signInUrl: string) {
  const subject = `Your ${siteName} account`;
  const text = [
    `An account on ${siteName} was created with this e-mail address.`,
    "",
    `Sign in here with the password you chose:`,
    signInUrl,
    "",
    "The admin area opens once an administrator gives the account admin rights.",
    "If you did not create this account, you can ignore this mail.",
  ].join("\n");
  const html = `<p>An account on ${escapeHtml(siteName)} was created with this e-mail address.</p>
<p><a href="${escapeHtml(signInUrl)}">Sign in</a> with the password you chose.</p>
<p>The admin area opens once an administrator gives the account admin rights. If you did not create this account, you can ignore this mail.</p>`;
  return { subject, text, html, fromName: siteName };
}

/** To the holder of an existing account when someone signs up with its address: nothing was changed. */
export function existingAccountMail(siteName: string, signInUrl: string) {
  const subject = `Sign-up attempt on ${siteName}`;
  const text = [
    `Someone tried to create an account on ${siteName} with this e-mail address, which already has one. Nothing was changed.`,
    "",
    `If it was you, sign in here (or use "Forgot password?" on that page):`,
    signInUrl,
    "",
    "If it was not you, you can ignore this mail.",
  ].join("\n");
  const html = `<p>Someone tried to create an account on ${escapeHtml(siteName)} with this e-mail address, which already has one. Nothing was changed.</p>
<p>If it was you, <a href="${escapeHtml(signInUrl)}">sign in</a> (or use "Forgot password?" on that page). If it was not you, you can ignore this mail.</p>`;
  return { subject, text, html, fromName: siteName };
}
