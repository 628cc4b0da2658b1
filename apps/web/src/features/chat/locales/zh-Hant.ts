/** AI chat, generated-copy and prompt-template pages: Traditional Chinese. Merged into the root locale. */
export default {
  chat: {
  "placeholder": "輸入你的問題…",
  "send": "傳送",
  "stop": "停止生成",
  "stopped": "已停止生成",
  "offline": "離線引擎",
  "thinking": "正在思考",
  "copy": "複製",
  "copyFailed": "複製失敗，請長按文字複製",
  "regenerate": "重新生成",
  "continue": "繼續生成",
  "robotName": "AI 創作助手",
  "welcome": "你好，我是 AI 創作助手，有什麼可以幫你寫的？",
  "historyEnd": "沒有更早的訊息了",
  "quota": {
    "rule": "停止時不足 {{chars}} 字的回答不計次數，繼續生成不另計次數",
    "title": "今日提問次數已用完",
    "vip": "開通會員",
    "remaining_other": "今日剩餘提問 {{count}} 次",
    "unlimited": "會員不限提問次數"
  },
  "login": {
    "title": "請先登入",
    "content": "登入後就可以向 AI 提問了，去登入？",
    "confirm": "去登入"
  },
  "page": {
    "what": "文案",
    "edit": "編輯",
    "editing": "編輯文案",
    "done": "完成",
    "save": "儲存",
    "publish": "發佈到廣場",
    "published": "已發佈",
    "dub": "生成配音",
    "video": "生成影片",
    "empty": "文案不能為空",
    "generating": "正在生成…",
    "question": "需求"
  }
},
  temps: {
  "what": "範本",
  "search": "搜尋範本",
  "all": "全部",
  "empty": "暫無範本",
  "uses_other": "{{count}} 人使用",
  "fields": "需要填寫",
  "example": "範例",
  "use": "使用範本",
  "required": "請填寫{{label}}",
  "tooLong": "{{label}}最多 {{max}} 字",
  "generate": "開始生成",
  "notFound": "範本不存在",
  "optional": "選填",
  "freeTitle": "自由創作",
  "freeHint": "說說你想寫什麼：主題、用途、字數，AI 會幫你寫好。",
  "freePlaceholder": "例如：給一家社區咖啡館寫開業朋友圈文案，50字以內",
  "freeEmpty": "請先寫下你的創作需求",
  "pickTitle": "從範本開始",
  "allTemplates": "全部範本",
  "choose": "請選擇"
},
};
