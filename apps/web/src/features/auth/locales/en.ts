/** Accounts pages (the user area: login, password, binding, documents): English. Merged into the root locale. */
export default {
  auth: {
    loginSuccess: 'Logged in',
    guestEntered: 'You are browsing as a visitor; log in to use everything',
    field: {
      account: 'Account',
      accountPlaceholder: 'Phone number or account name',
      password: 'Password',
      passwordPlaceholder: 'Enter your password',
    },
    error: {
      accountRequired: 'Enter a phone number or account name',
      accountInvalid: 'The account must be 4 to 14 letters, digits, _ or -',
    },
    agreement: {
      prefix: 'I have read and agree to the',
      service: 'Terms of Service',
      and: 'and the',
      privacy: 'Privacy Policy',
      required: 'Please read and accept the Terms of Service and the Privacy Policy',
    },
    index: {
      smsLogin: 'Log in with SMS code',
      passwordLogin: 'Log in with password',
      visitorLogin: 'Look around as a guest',
      guestHint: 'Guests can browse the plaza and content; creating requires logging in',
    },
    login: {
      intro: 'A new phone number gets an account automatically after verification',
      giftWithheldDevice: 'You are signed up. This device has already received a welcome gift (one per device), so this account gets none.',
      giftWithheldIp: 'You are signed up. Your network has reached today’s number of welcome gifts, so this account gets none.',
      submit: 'Log in',
      byPassword: 'Log in with password',
    },
    passwd: {
      intro: 'Log in with your phone number or account name and password',
      bySms: 'Log in with SMS code',
    },
    forget: {
      link: 'Forgot password',
      intro: 'Reset your password with an SMS code; you will need to log in again',
      submit: 'Reset password',
      done: 'Password reset. Please log in again',
    },
    bind: {
      intro: 'To keep your account safe, please bind a phone number',
      submit: 'Bind and log in',
      noTicketTitle: 'Cannot bind',
      noTicket: 'Open this page from the WeChat login',
    },
    download: {
      install: 'Add to home screen',
      installHint: 'Choose "Add to home screen" in the browser menu to install',
      installed: 'Installed on your home screen',
      android: 'Download for Android',
      ios: 'Download on the App Store',
    },
    doc: {
      service:
        'Welcome to {{name}}. These terms are an agreement between you and us about using this product and its services. Please read them carefully.\n\n## 1. Account\n\nYou can register and log in with an SMS code. Keep your account and password safe; the account is for your own use only and may not be lent, transferred or sold.\n\n## 2. Services\n\nWe provide AI copywriting, drawing, dubbing and video tools, a content plaza, membership and activities. Some features require a membership or cost gold or points, as described on their pages.\n\n## 3. Conduct\n\nDo not use the service to create or spread content that breaks the law, endangers national security, infringes the rights of others, or contains pornography, violence or gambling. We may remove such content and restrict or ban accounts.\n\n## 4. AI-generated content\n\nAI-generated content is for reference and may be inaccurate. You are responsible for how you use it.\n\n## 5. Intellectual property\n\nContent you create and publish belongs to you; you allow us to use it as far as needed to provide the service.\n\n## 6. Account deletion\n\nYou can delete your account under Settings › Account management › Delete account. A deleted account cannot log in, its personal data is anonymised and its phone number is freed.\n\n## 7. Other\n\nWe may update these terms and will publish the changes in the app. Contact us through Customer service with any question.',
      privacy:
        '{{name}} takes the protection of your personal information seriously. This policy explains how we collect, use, store and protect it.\n\n## 1. What we collect\n\nYour phone number when you register; the nickname, avatar and introduction you enter; your name and ID number for real-name verification; your works, device model, operating system and logs.\n\n## 2. How we use it\n\nTo log you in and keep your account safe, to provide and improve the creation services, to process membership orders and to meet legal duties such as real-name verification. We never sell your personal information.\n\n## 3. Storage and protection\n\nYour information is stored in the People\'s Republic of China. ID numbers are stored encrypted and only shown masked; passwords are hashed.\n\n## 4. Your rights\n\nYou can view and edit your profile, change your phone number and password, and delete your account. After deletion your personal information is deleted or anonymised unless the law says otherwise.\n\n## 5. Minors\n\nChildren under 14 should use the service with the consent and guidance of a guardian.\n\n## 6. Contact\n\nReach us through Customer service or Feedback with any question about this policy.',
      guide:
        'Welcome to {{name}}! Here is how to get started.\n\n## Log in\n\nOn the Me tab tap Log in now and use an SMS code; a new phone number is registered automatically. You can set a password under Settings › Account management and log in with it later.\n\n## Create\n\nOn the home page choose AI copywriting, drawing, dubbing or video, describe your idea and get a work in seconds. Save, copy or publish it to the plaza.\n\n## Plaza\n\nBrowse works from everyone, like, comment on or collect them. Block an author whose content you do not want to see.\n\n## Membership and points\n\nMembers get more creations. Check in daily for points and exchange them in the points mall.\n\n## Account safety\n\nNever share your verification code. Change your password or phone number and manage your block list under Settings › Account management.',
    },
  },
};
