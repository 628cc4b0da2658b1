/** Message centre and realtime notices: English. Merged into the root locale. */
export default {
  imMessage: {
    forcedOffline: 'Your session has ended (signed in elsewhere or password changed). Please sign in again',
    newMessage: 'New message: {{title}}',
    markAllRead: 'Mark all read',
    allRead: 'All messages marked as read',
    empty: 'No messages yet',
    emptyHint: 'Comments, likes, review results and support replies appear here',
    loadFailed: 'Loading failed, please try again',
    loadMore: 'Load more',
    noMore: 'No more messages',
    unread: 'Unread',
    today: 'Today',
    yesterday: 'Yesterday',
    open: 'Message centre',
    badge_one: '{{count}} unread message',
    badge_other: '{{count}} unread messages',
    types: {
      comment: 'Comment',
      like: 'Like',
      real_name: 'Identity verification',
      job: 'Task',
      service: 'Support',
      system: 'System',
      chat: 'Chat',
    },
  }
};
