/** Prompt template pages (issue 7): English. Merged into the root locale. */
export default {
  temps: {
  "search": "Search templates",
  "all": "All",
  "empty": "No templates",
  "uses": "Used {{n}} times",
  "fields": "What to fill in",
  "example": "Example",
  "use": "Use this template",
  "required": "Please fill in {{label}}",
  "tooLong": "{{label}}: at most {{max}} characters",
  "generate": "Generate",
  "notFound": "This template does not exist",
  "optional": "Optional",
  "choose": "Choose"
},
};
