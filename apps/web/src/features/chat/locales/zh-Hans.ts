/** AI chat, generated-copy and prompt-template pages: Simplified Chinese. Merged into the root locale. */
export default {
  chat: {
  "placeholder": "输入你的问题…",
  "send": "发送",
  "stop": "停止生成",
  "stopped": "已停止生成",
  "offline": "离线引擎",
  "thinking": "正在思考",
  "copy": "复制",
  "copyFailed": "复制失败，请长按文字复制",
  "regenerate": "重新生成",
  "continue": "继续生成",
  "robotName": "AI 创作助手",
  "welcome": "你好，我是 AI 创作助手，有什么可以帮你写的？",
  "historyEnd": "没有更早的消息了",
  "quota": {
    "rule": "停止时不足 {{chars}} 字的回答不计次数，继续生成不另计次数",
    "title": "今日提问次数已用完",
    "vip": "开通会员",
    "remaining_other": "今日剩余提问 {{count}} 次",
    "unlimited": "会员不限提问次数"
  },
  "login": {
    "title": "请先登录",
    "content": "登录后就可以向 AI 提问了，去登录？",
    "confirm": "去登录"
  },
  "page": {
    "what": "文案",
    "edit": "编辑",
    "editing": "编辑文案",
    "done": "完成",
    "save": "保存",
    "publish": "发布到广场",
    "published": "已发布",
    "dub": "生成配音",
    "video": "生成视频",
    "empty": "文案不能为空",
    "generating": "正在生成…",
    "question": "需求"
  }
},
  temps: {
  "what": "模板",
  "search": "搜索模板",
  "all": "全部",
  "empty": "暂无模板",
  "uses_other": "{{count}} 人使用",
  "fields": "需要填写",
  "example": "示例",
  "use": "使用模板",
  "required": "请填写{{label}}",
  "tooLong": "{{label}}最多 {{max}} 字",
  "generate": "开始生成",
  "notFound": "模板不存在",
  "optional": "选填",
  "freeTitle": "自由创作",
  "freeHint": "说说你想写什么：主题、用途、字数，AI 会帮你写好。",
  "freePlaceholder": "例如：给一家社区咖啡馆写开业朋友圈文案，50字以内",
  "freeEmpty": "请先写下你的创作需求",
  "pickTitle": "从模板开始",
  "allTemplates": "全部模板",
  "choose": "请选择"
},
};
