// The client's entry: language, then the page for the address (lobby, table, replay, how to
// play, my games).
import { savedLang } from "./api.js";
import { closeHelp, hideTip, installCardHelp } from "./cardhelp.js";
import { LANGUAGES, load } from "./i18n.js";
import { useLanguage } from "./language.js";
import { installMotion } from "./motion.js";
import { installSound } from "./notice.js";

let page = null;

function pickLanguage() {
  // A link may name its language (/howto/loveletter?lang=vi); it wins without being kept.
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const saved = savedLang();
  if (saved) return saved;
  const nav = (navigator.language || "en").slice(0, 2);
  return ["en", "vi", "zh", "es"].includes(nav) ? nav : "en";
}

async function route() {
  const path = window.location.pathname;
  const main = document.getElementById("app");
  let match;
  if ((match = path.match(/^\/t\/([\w-]+)$/))) {
    const { TablePage } = await import("./table.js");
    page = new TablePage(main, match[1]);
  } else if ((match = path.match(/^\/replay\/([\w-]+)$/))) {
    const { ReplayPage } = await import("./replay.js");
    page = new ReplayPage(main, match[1]);
  } else if ((match = path.match(/^\/learn\/([\w-]+)$/))) {
    const { LessonPage } = await import("./lesson.js");
    page = new LessonPage(main, match[1]);
  } else if (path === "/mine") {
    const { MinePage } = await import("./mine.js");
    page = new MinePage(main);
  } else if ((match = path.match(/^\/players\/([^/]+)$/))) {
    const { ProfilePage } = await import("./players.js");
    page = new ProfilePage(main, decodeURIComponent(match[1]));
  } else if ((match = path.match(/^\/ladder\/([\w-]+)$/))) {
    const { LadderPage } = await import("./players.js");
    page = new LadderPage(main, match[1]);
  } else if (path === "/friends") {
    const { FriendsPage } = await import("./circle.js");
    page = new FriendsPage(main);
  } else if (path === "/account") {
    const { AccountPage } = await import("./account.js");
    page = new AccountPage(main);
  } else if ((match = path.match(/^\/howto\/([\w-]+)$/))) {
    const { HowtoPage } = await import("./howto.js");
    page = new HowtoPage(main, match[1]);
  } else {
    const { LobbyPage } = await import("./lobby.js");
    page = new LobbyPage(main);
  }
  await page.start();
  // One h1 per page: the page's own title where it has one (a table, a replay, a how-to page),
  // else the site's name (the lobby).
  if (!page.ownHeading && !main.querySelector("h1")) {
    const brand = document.getElementById("brand");
    const heading = document.createElement("h1");
    heading.className = brand.className;
    heading.id = brand.id;
    heading.append(...brand.childNodes);
    brand.replaceWith(heading);
  }
}

async function main() {
  installMotion(document.getElementById("motion"));
  installSound(document.getElementById("sound"));
  installCardHelp();
  const select = document.getElementById("lang");
  const code = pickLanguage();
  await load(code);
  select.value = code;
  select.addEventListener("change", async () => {
    hideTip(); // the tip and the rule panel speak the old language
    closeHelp();
    await useLanguage(select.value);
    if (page) page.languageChanged();
  });
  await joinAccount();
  await route();
}

// A browser an account signed in on keeps its seats and the account's together (My games
// waits for it; other pages do not).
async function joinAccount() {
  if (window.localStorage.getItem("parlour.account") !== "1") return;
  const joining = import("./accountsync.js").then((m) => m.syncAccount()).catch(() => {});
  if (window.location.pathname === "/mine") await joining;
}

main();
