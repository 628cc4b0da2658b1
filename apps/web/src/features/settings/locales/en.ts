/** Settings pages (clear cache, update log, wallpaper, downloads): English. Merged into the root locale. */
export default {
  settingsPages: {
    loadFailed: 'Loading failed, please try again',
    clearCache: 'Clear cache',
    clearCacheConfirm: 'Clear the cache? You stay logged in and keep your language.',
    cacheCleared: 'Cache cleared',
    logs: {
      version: 'Version {{version}}',
      v152: { n1: 'New points mall, lucky wheel and food vote', n2: 'Help centre with live customer service and feedback with images', n3: 'Fixed stuttering video playback on some phones' },
      v151: { n1: 'New daily check-in: more points for a streak', n2: 'Choose a background for your homepage', n3: 'Faster AI copywriting' },
      v150: { n1: 'All-new plaza with likes, comments and sharing', n2: 'New AI voice-over', n3: 'New membership centre and coupons', n4: 'Traditional Chinese, English, Spanish and French' },
      v140: { n1: 'New AI video generation', n2: 'Downloads: view and delete what you generated', n3: 'Smoother login with SMS codes' },
      v130: { n1: 'New AI drawing in many styles', n2: 'Identity verification', n3: 'Bug fixes and better stability' },
      v120: { n1: 'New message centre', n2: 'Faster home page' },
      v100: { n1: 'First release: AI copywriting', n2: 'Sign up and log in with your phone number' },
    },
    wallpaper: {
      names: { sunrise: 'Sunrise', ocean: 'Ocean', forest: 'Forest', night: 'Starry night', lavender: 'Lavender', mint: 'Mint' },
      custom: 'My image',
      upload: 'Upload from album',
      reset: 'Use the default background',
    },
    files: {
      empty: 'Nothing generated yet',
      kinds: { copy: 'Copy', drawing: 'Drawing', video: 'Video', dub: 'Voice-over', other: 'Work' },
      expired: 'Expired',
      videoKept: 'Generated videos are kept for $t(unit.days, {"count": {{days}} }). Download them in time',
      expiredTip: 'This video has passed its storage period and can no longer be viewed or downloaded. Please generate it again',
      delete: 'Delete',
      deleteConfirm: 'Delete "{{title}}"? This cannot be undone.',
      deleted: 'Deleted',
    },
  },
};
