// Noticing what happens while looking elsewhere: the tab title, an optional chime (off unless
// switched on, remembered), and a live region that reads other players' moves aloud.
const SOUND = "parlour.sound";

export function soundOn() {
  return window.localStorage.getItem(SOUND) === "on";
}

export function installSound(box) {
  if (!box) return;
  box.checked = soundOn();
  box.addEventListener("change", () => window.localStorage.setItem(SOUND, box.checked ? "on" : "off"));
}

// "(!) Love Letter — Parlour" while it is this browser's turn.
export function noticeTurn(gameTitle, myTurn) {
  const title = `${myTurn ? "(!) " : ""}${gameTitle} — Parlour`;
  if (document.title !== title) document.title = title;
}

let audio = null;

// Two soft notes; silent unless the player switched sound on.
export function chime() {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    [660, 880].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = audio.currentTime + i * 0.14;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.3);
    });
  } catch {
    // No audio device or autoplay refused: the title and the banner still tell.
  }
}

// Reads texts out once through the page's polite live region.
export function announce(texts) {
  const region = document.getElementById("announce");
  if (!region || !texts.length) return;
  region.textContent = texts.join(" ");
}
