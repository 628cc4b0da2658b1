/** AI chat, generated-copy and prompt-template pages: English. Merged into the root locale. */
export default {
  chat: {
  "placeholder": "Ask anything…",
  "send": "Send",
  "stop": "Stop generating",
  "stopped": "Stopped",
  "offline": "Offline engine",
  "thinking": "Thinking",
  "copy": "Copy",
  "copyFailed": "Copy failed, long-press the text to copy",
  "regenerate": "Regenerate",
  "continue": "Continue",
  "robotName": "AI writing assistant",
  "welcome": "Hi, I am your AI writing assistant. What shall I write for you?",
  "historyEnd": "No earlier messages",
  "quota": {
    "rule": "An answer stopped before {{chars}} characters does not count; continuing an answer does not count again",
    "title": "No questions left today",
    "vip": "Become a member",
    "remaining_one": "{{count}} question left today",
    "remaining_other": "{{count}} questions left today",
    "unlimited": "Members ask without limit"
  },
  "login": {
    "title": "Please log in",
    "content": "Log in to ask the AI. Go to login?",
    "confirm": "Log in"
  },
  "page": {
    "what": "copy",
    "edit": "Edit",
    "editing": "Edit the copy",
    "done": "Done",
    "save": "Save",
    "publish": "Publish to the plaza",
    "published": "Published",
    "dub": "Make a voice-over",
    "video": "Make a video",
    "empty": "The copy cannot be empty",
    "generating": "Writing…",
    "question": "Request"
  }
},
  temps: {
  "what": "template",
  "search": "Search templates",
  "all": "All",
  "empty": "No templates",
  "uses_one": "Used {{count}} time",
  "uses_other": "Used {{count}} times",
  "fields": "What to fill in",
  "example": "Example",
  "use": "Use this template",
  "required": "Please fill in {{label}}",
  "tooLong": "{{label}}: at most {{max}} characters",
  "generate": "Generate",
  "notFound": "This template does not exist",
  "optional": "Optional",
  "freeTitle": "Free creation",
  "freeHint": "Say what you want written: subject, purpose, length. The AI writes it for you.",
  "freePlaceholder": "e.g. an opening-day post for a neighbourhood café, under 50 characters",
  "freeEmpty": "Please describe what you want written first",
  "pickTitle": "Start from a template",
  "allTemplates": "All templates",
  "choose": "Choose"
},
};
