/** Prompt template pages (issue 7): Simplified Chinese. Merged into the root locale. */
export default {
  temps: {
  "search": "搜索模板",
  "all": "全部",
  "empty": "暂无模板",
  "uses": "{{n}} 人使用",
  "fields": "需要填写",
  "example": "示例",
  "use": "使用模板",
  "required": "请填写{{label}}",
  "tooLong": "{{label}}最多 {{max}} 字",
  "generate": "开始生成",
  "notFound": "模板不存在",
  "optional": "选填",
  "choose": "请选择"
},
};
