/** Prompt template pages (issue 7): Traditional Chinese. Merged into the root locale. */
export default {
  temps: {
  "search": "搜尋範本",
  "all": "全部",
  "empty": "暫無範本",
  "uses": "{{n}} 人使用",
  "fields": "需要填寫",
  "example": "範例",
  "use": "使用範本",
  "required": "請填寫{{label}}",
  "tooLong": "{{label}}最多 {{max}} 字",
  "generate": "開始生成",
  "notFound": "範本不存在",
  "optional": "選填",
  "choose": "請選擇"
},
};
