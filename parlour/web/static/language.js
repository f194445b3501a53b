// Switching the interface language: its catalog, the header's menu, and the choice kept.
import { keepLang } from "./api.js";
import { toast } from "./dom.js";
import { LANGUAGES, lang, load, t } from "./i18n.js";

export async function useLanguage(code) {
  keepLang(code);
  await load(code);
  const select = document.getElementById("lang");
  if (select) select.value = code;
}

// The table refused a language switch (too many in a short time): the page goes back to the
// language its log is still in (the refusal names it) and says why, rather than showing two.
export async function languageRefused(msg) {
  if (LANGUAGES.includes(msg.lang) && msg.lang !== lang()) await useLanguage(msg.lang);
  toast(t("web.lang.refused"));
}
