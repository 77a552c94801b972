// Flat-lay product illustrations for the seed, drawn as self-contained SVG (no fonts, no links).
// Each garment is a data entry: its silhouette (often the right half, mirrored), seams and
// details as short path lists in a 600×750 canvas. Colours come in through a small CSS block,
// so one drawing serves every colourway. Pure and deterministic.

export type GarmentKind =
  | "t-shirt"
  | "polo"
  | "shirt"
  | "hoodie"
  | "sweater"
  | "roll-neck"
  | "cardigan"
  | "jacket"
  | "coat"
  | "dress"
  | "skirt"
  | "trousers"
  | "jeans"
  | "shorts"
  | "onesie"
  | "romper"
  | "bib"
  | "booties"
  | "cap"
  | "beanie"
  | "socks";

export type GarmentView = "front" | "back" | "detail" | "folded";

export interface GarmentSpec {
  kind: GarmentKind;
  /** Main fabric colour, `#rrggbb`. */
  color: string;
  /** Trim colour (buttons, zips, drawstrings, contrast parts), `#rrggbb`. */
  accent: string;
  view: GarmentView;
  /** Optional text on a small hang tag. */
  label?: string;
}

/**
 * Details use a tiny notation: items separated by `|`, each `class:d` where d is path data, or
 * `class:@x y r` for a circle. A leading `~` also draws the item mirrored (x → 600 − x).
 * Classes: b body, p piece, q light piece, i inside, r rib knit, l seam line, s stitching,
 * n neckband, c crease shadow, h highlight, a accent trim, w accent cord, y accent stitching.
 */
interface Garment {
  /** Right half of the outline from the centre line (x = 300) back to it; it is mirrored. */
  half?: string;
  /** The full outline instead; with `half`, extra sub-paths cut out of it (the bib's neck hole). */
  path?: string;
  /** Outline seen from the back, when it differs. */
  backPath?: string;
  /** Details on both sides, front only and back only, in the notation above. */
  common?: string;
  front?: string;
  back?: string;
  texture?: "knit" | "denim" | "terry";
  /** Stitching in the accent colour (jeans). */
  contrastStitch?: boolean;
  /** Centre of the close-up. */
  focus: [number, number];
  /** Folded view: the chest/waist square [x, y, w, h] and how far collar or hood rise above it. */
  fold?: [number, number, number, number, number];
  /** Items shown as a pair: transforms of the two copies, front and back views. */
  pair?: { front: [string, string]; back: [string, string] };
}

const MIRROR = "matrix(-1 0 0 1 600 0)";

const HOODIE_HALF =
  "M300 66C356 66 392 100 396 164L404 184L458 200L552 590L500 606L446 330Q442 470 446 604L448 652Q380 658 300 658";
const SWEATER_HALF =
  "M300 152Q334 152 360 124L456 152L552 590L500 606L446 300Q442 470 446 604L448 652Q380 658 300 658";
const TEE_HALF =
  "M300 150Q334 150 360 126L452 156L550 268L484 320L444 272Q440 460 448 642Q380 650 300 650";
const TROUSER_HALF = "M300 100H412Q436 240 438 380L432 700H322L300 300";
const RIBS =
  "~r:M543 551L552 590L500 606L492 567Z|r:M154 604Q300 612 446 604L448 652Q380 658 300 658Q220 658 152 652Z";
const CREW_NECK =
  "i:M240 124Q266 152 300 152Q334 152 360 124C352 172 330 192 300 192C270 192 248 172 240 124Z|n:M240 124C248 172 270 192 300 192C330 192 352 172 360 124";
const CREW_RIB =
  "i:M240 124Q266 152 300 152Q334 152 360 124C352 172 330 192 300 192C270 192 248 172 240 124Z|r:M240 124C248 172 270 192 300 192C330 192 352 172 360 124L372 130C364 190 334 208 300 208C266 208 236 190 228 130Z";
const TEE_SEAMS =
  "~l:M452 156Q436 214 444 272|~s:M542 259L476 311|~s:M447 630Q380 638 300 638|~c:M470 200L500 250";
const TROUSER_SEAMS = "l:M188 140H412|~p:M210 94H222V150H210Z|~p:M366 94H378V150H366Z";
const HEART =
  "a:M300 336C272 318 258 302 258 284C258 266 282 258 300 276C318 258 342 266 342 284C342 302 328 318 300 336Z";
const BODYSUIT_SNAPS = "a:@286 618 5|a:@314 618 5";

const GARMENTS: Record<GarmentKind, Garment> = {
  "t-shirt": {
    half: TEE_HALF,
    common: TEE_SEAMS,
    front: `${CREW_NECK}|~s:M232 130C244 186 268 206 300 206|c:M330 420Q380 456 420 440|c:M210 300Q236 360 226 420`,
    back: "n:M240 126Q266 150 300 150Q334 150 360 126|c:M220 460Q280 490 340 470|c:M380 260Q400 320 390 380",
    focus: [300, 190],
    fold: [160, 126, 280, 280, 0],
  },
  polo: {
    half: TEE_HALF,
    common: TEE_SEAMS,
    front:
      "i:M240 124Q300 152 360 124L300 176Z|l:M288 168V262H312V168|a:@300 196 5|a:@300 236 5|~q:M360 122L370 106Q384 150 352 208L300 176Z|c:M330 420Q380 456 420 440",
    back: "q:M240 126Q300 174 360 126L368 108Q300 140 232 108Z",
    focus: [310, 200],
    fold: [160, 126, 280, 280, 22],
  },
  shirt: {
    half: "M300 150Q338 146 364 122L454 148L560 560L506 576L444 300Q442 470 448 640C420 668 360 690 300 690",
    common:
      "~l:M454 148Q434 224 444 300|~l:M549 516L496 532|~a:@528 548 4|~s:M448 626C420 652 360 672 300 674",
    front:
      "p:M232 118Q300 146 368 118L362 100Q300 126 238 100Z|i:M246 118Q300 144 354 118L300 174Z|l:M289 174V684|l:M311 174V686|a:@300 226 5|a:@300 306 5|a:@300 386 5|a:@300 466 5|a:@300 546 5|a:@300 626 5|~q:M362 100C374 140 364 178 338 210L300 174C322 160 342 140 352 112Z|p:M340 250H402V316L371 330L340 316Z|s:M346 262H396V311L371 322L346 311Z|c:M216 380Q240 470 222 560|c:M360 520Q410 560 430 620",
    back: "q:M236 122Q300 178 364 122L360 102Q300 136 240 102Z|~l:M446 212Q380 226 300 228|l:M300 228V300|~s:M446 220Q380 234 300 236|c:M240 400Q300 430 360 410",
    focus: [330, 220],
    fold: [156, 120, 288, 300, 24],
  },
  hoodie: {
    half: HOODIE_HALF,
    common: `${RIBS}|~l:M458 200Q436 260 446 330|~l:M404 184L458 200`,
    front:
      "i:M300 214C258 206 244 160 250 124C258 98 280 90 300 90C320 90 342 98 350 124C356 160 342 206 300 214Z|n:M300 214C258 206 244 160 250 124C258 98 280 90 300 90C320 90 342 98 350 124C356 160 342 206 300 214|w:M286 214C284 250 280 284 282 322|w:M314 214C318 250 322 276 320 306|a:M278 318H286V342H278Z|a:M316 302H324V326H316Z|a:@286 214 4|a:@314 214 4|p:M230 448H370Q390 520 412 600H188Q210 520 230 448Z|l:M230 448Q222 530 188 600|l:M370 448Q378 530 412 600|s:M236 456H364|c:M300 470V590",
    back: "l:M300 66V184|s:M308 70V184|l:M204 186Q300 204 396 186|c:M240 110Q260 150 250 180|c:M320 300Q360 400 340 480",
    texture: "terry",
    focus: [300, 230],
    fold: [154, 186, 292, 290, 124],
  },
  sweater: {
    half: SWEATER_HALF,
    common: `${RIBS}|~l:M456 152Q434 226 446 300`,
    front: `${CREW_RIB}|c:M220 300Q250 400 230 500|c:M350 420Q400 480 430 560`,
    back: "r:M240 124Q266 152 300 152Q334 152 360 124L356 114Q334 140 300 140Q266 140 244 114Z|c:M260 460Q320 490 380 470",
    texture: "knit",
    focus: [300, 180],
    fold: [154, 124, 292, 290, 0],
  },
  "roll-neck": {
    half: SWEATER_HALF,
    common: `${RIBS}|~l:M456 152Q434 226 446 300`,
    front:
      "r:M236 84H364L362 150Q300 176 238 150Z|i:M240 84C270 96 330 96 360 84C330 74 270 74 240 84Z|l:M238 150Q300 176 362 150|c:M220 300Q250 400 230 500|c:M350 420Q400 480 430 560",
    back: "r:M236 84H364L362 150Q300 166 238 150Z|l:M238 150Q300 166 362 150|c:M260 460Q320 490 380 470",
    texture: "knit",
    focus: [300, 150],
    fold: [154, 124, 292, 290, 48],
  },
  cardigan: {
    half: SWEATER_HALF,
    common: `${RIBS}|~l:M456 152Q434 226 446 300`,
    front:
      "i:M240 124Q266 152 300 152Q334 152 360 124L300 340Z|r:M240 124L300 340L300 658L278 658L278 346L228 130Z|r:M360 124L300 340L322 346L322 658L300 658L300 340L372 130Z|l:M300 340V658|a:@311 372 6|a:@311 440 6|a:@311 508 6|a:@311 576 6|~p:M352 470H420V540H352Z|~l:M352 482H420",
    back: "r:M240 124Q266 152 300 152Q334 152 360 124L356 114Q334 140 300 140Q266 140 244 114Z|c:M260 460Q320 490 380 470",
    texture: "knit",
    focus: [320, 360],
    fold: [154, 124, 292, 290, 0],
  },
  jacket: {
    half: "M300 144Q336 142 366 118L462 144L560 560L504 578L448 300Q446 450 450 604Q380 614 300 614",
    common:
      "~l:M462 144Q436 220 448 300|~l:M549 516L494 532|~a:@522 545 5|~s:M450 592Q380 602 300 602",
    front:
      "a:M232 116Q300 148 368 116L376 92Q300 126 224 92Z|~a:M376 92C384 140 370 176 342 206L306 160C330 150 352 130 364 114Z|l:M300 150V614|s:M312 154V610|a:@312 252 6|a:@312 340 6|a:@312 428 6|a:@312 516 6|~p:M336 240H412V318H336Z|~p:M332 232H416V262L374 270L332 262Z|~a:@374 256 4|~p:M330 420H424V534H330Z|~p:M326 412H428V446L377 454L326 446Z|~a:@377 440 4|c:M230 560Q270 580 300 570",
    back: "a:M232 116Q300 172 368 116L372 98Q300 136 228 98Z|~l:M448 226Q380 240 300 242|~s:M448 234Q380 248 300 250|l:M300 250V614|c:M360 420Q400 470 410 540",
    focus: [360, 250],
    fold: [150, 116, 300, 300, 26],
  },
  coat: {
    half: "M300 150Q336 146 368 122L466 150L566 640L510 656L452 310Q456 500 468 700Q390 712 300 712",
    common:
      "~l:M466 150Q440 230 452 310|~l:M554 594L500 610|~s:M466 688Q390 700 300 700|~l:M368 500L420 488|~s:M368 508L420 496",
    front:
      "i:M232 122Q300 150 368 122L300 336Z|~q:M368 122L376 196L352 204L364 216L300 336Q330 240 348 150Z|~l:M368 122L376 196L352 204L364 216L300 336|l:M250 380V712|l:M300 336L250 380|~a:@332 380 7|~a:@332 458 7|~a:@332 536 7|c:M210 440Q230 560 220 660|c:M390 380Q420 520 430 640",
    back: "p:M232 122Q300 178 368 122L364 100Q300 132 236 100Z|l:M300 150V560|l:M300 560V712|l:M300 560L316 712|c:M230 300Q260 420 240 560",
    focus: [330, 240],
    fold: [144, 122, 312, 320, 24],
  },
  dress: {
    half: "M300 152Q330 150 352 120L392 122Q384 210 410 238Q404 300 390 360Q440 520 502 684Q400 708 300 710",
    common:
      "a:M210 352Q300 366 390 352L390 374Q300 388 210 374Z|~l:M340 378Q370 540 396 700|~l:M320 380Q330 540 340 708|~s:M502 672Q400 696 300 698|c:M260 420Q240 560 250 690",
    front:
      "i:M248 120Q270 150 300 152Q330 150 352 120C344 190 326 214 300 214C274 214 256 190 248 120Z|~s:M352 120C346 198 328 226 300 226|~s:M382 126Q374 208 398 236|~l:M340 230L346 352",
    back: "~s:M352 120Q330 162 300 164|a:M298 160H302V352H298Z|a:M294 160H306V176H294Z|~l:M340 200L346 352",
    focus: [300, 300],
    fold: [190, 120, 220, 260, 0],
  },
  skirt: {
    half: "M300 150H404L410 196Q460 400 500 630Q400 650 300 650",
    common:
      "l:M190 196H410|~s:M500 618Q400 638 300 638|~l:M350 200Q380 420 404 646|c:M250 250Q236 420 250 600",
    front:
      "l:M290 196V646|l:M310 196V646|a:@300 172 7|a:@300 250 5|a:@300 330 5|a:@300 410 5|a:@300 490 5|a:@300 570 5|s:M196 188H404",
    back: "a:M298 196H302V360H298Z|a:M294 198H306V214H294Z|s:M196 188H404|~l:M344 200L348 280",
    focus: [300, 200],
    fold: [190, 150, 220, 230, 0],
  },
  trousers: {
    half: TROUSER_HALF,
    common: `${TROUSER_SEAMS}|~l:M372 146L378 700|~h:M364 160L370 690`,
    front:
      "l:M300 140V300|s:M320 140V262Q320 288 302 296|a:@312 120 6|~l:M384 140L426 236|~s:M376 140L418 236|c:M330 420Q350 500 332 600",
    back: "l:M300 100V300|~l:M326 200H396|~l:M326 208H396|~s:M350 140L354 186",
    focus: [340, 180],
    fold: [188, 100, 224, 250, 0],
  },
  jeans: {
    half: TROUSER_HALF,
    common: `${TROUSER_SEAMS}|~y:M190 132H410|~y:M190 108H410|~y:M432 686H322`,
    front:
      "y:M320 140V262Q320 288 302 296|l:M300 140V300|a:@312 120 7|~l:M362 140Q372 200 430 216|~y:M354 140Q364 206 430 224|~p:M386 140H410V184Q398 184 386 178Z|~a:@362 144 3|~a:@428 214 3|c:M340 420Q350 520 330 620|h:M384 320L390 620",
    back: "l:M300 100V300|~l:M300 186L436 166|~y:M300 194L436 174|~p:M322 220H408L404 298L365 314L326 298Z|~y:M330 228H400L396 292L365 305L334 292Z|~y:M338 258L365 278L392 258|a:M370 108H408V132H370Z",
    texture: "denim",
    contrastStitch: true,
    focus: [380, 190],
    fold: [188, 100, 224, 250, 0],
  },
  shorts: {
    half: "M300 200H420Q440 290 452 400L466 540H324L300 400",
    common: "r:M182 200H418L420 246H180Z|~s:M460 520H324|~l:M410 250L446 330",
    front:
      "w:M292 246C290 270 282 290 284 310|w:M308 246C312 270 318 286 316 300|a:@292 244 4|a:@308 244 4|l:M300 260V400|s:M318 260V372Q318 390 302 396|c:M350 460Q380 480 420 470",
    back: "~p:M340 280H410V344H340Z|~s:M346 288H404V338H346Z|l:M300 246V400",
    focus: [310, 260],
    fold: [180, 200, 240, 220, 0],
  },
  onesie: {
    half: "M300 186Q326 186 340 160L392 168L470 240L438 286L404 262Q418 380 412 496Q356 506 338 600L338 632H300",
    common: "~s:M462 246L432 282|~s:M404 508Q362 516 348 600|~l:M392 168Q380 214 404 262",
    front: `i:M260 160Q280 186 300 186Q320 186 340 160C336 196 320 210 300 210C280 210 264 196 260 160Z|n:M260 160C264 196 280 210 300 210C320 210 336 196 340 160|~l:M340 160Q356 196 392 190|${HEART}|${BODYSUIT_SNAPS}`,
    back: `n:M260 160Q280 186 300 186Q320 186 340 160|${BODYSUIT_SNAPS}|c:M260 420Q300 440 340 420`,
    texture: "terry",
    focus: [300, 280],
    fold: [208, 160, 184, 200, 0],
  },
  romper: {
    half: "M300 176Q326 176 340 150L396 160L480 420L440 436L404 250Q410 360 406 440L412 644Q418 690 386 694H332Q316 690 316 660L300 470",
    common:
      "~r:M472 394L480 420L440 436L434 410Z|~a:M411 640Q418 690 386 694H332Q316 690 316 660L315 640Z|~l:M396 160Q386 210 404 250",
    front:
      "n:M260 150C264 190 280 204 300 204C320 204 336 190 340 150|i:M260 150Q280 176 300 176Q320 176 340 150C336 190 320 204 300 204C280 204 264 190 260 150Z|l:M292 204V470|l:M308 204V470|a:@300 250 5|a:@300 310 5|a:@300 370 5|a:@300 430 5|c:M350 520Q366 580 356 630",
    back: "n:M260 150Q280 176 300 176Q320 176 340 150|~l:M300 440Q340 420 380 440|c:M240 300Q260 360 250 420",
    texture: "terry",
    focus: [300, 240],
    fold: [200, 150, 200, 220, 0],
  },
  bib: {
    half: "M300 150C352 150 386 176 394 226C466 248 498 320 498 410C498 560 410 640 300 640",
    path: "M236 240A64 62 0 1 0 364 240A64 62 0 1 0 236 240Z",
    common: "l:M300 150V178",
    front: `~y:M300 162C344 162 374 184 382 234C452 258 486 326 486 410C486 552 402 628 300 628|a:@332 166 6|${HEART.replace(/(\d+) (\d+)/g, (_m, x: string, y: string) => `${x} ${Number(y) + 130}`)}`,
    back: "a:@332 166 6|~s:M300 300V620|c:M240 420Q300 440 360 420",
    texture: "terry",
    focus: [300, 440],
  },
  booties: {
    path: "M30 0H130Q140 60 140 100Q200 104 236 140Q262 170 248 200Q240 222 200 222H40Q14 222 14 190Q14 120 30 60Z",
    backPath:
      "M66 0C106 0 124 50 122 110C120 180 106 250 66 250C26 250 10 180 8 110C6 50 26 0 66 0Z",
    common: "",
    front:
      "r:M30 0H130L134 44H26Z|a:M26 88H142L144 110H22Z|a:@118 99 6|l:M140 110Q176 150 166 222|a:M16 196Q20 222 44 222H200Q238 220 247 200Z|c:M190 140Q220 160 226 190",
    back: "a:M66 26C92 26 104 66 102 112C100 170 92 224 66 224C40 224 28 170 28 112C26 66 40 26 66 26Z|i:@66 70 5|i:@56 110 5|i:@76 110 5|i:@66 150 5|i:@56 190 5|i:@76 190 5",
    texture: "knit",
    focus: [420, 520],
    pair: {
      front: ["translate(110 190) scale(1.2)", "translate(240 370) scale(1.2)"],
      back: ["translate(150 150) scale(1.3)", "translate(320 200) scale(1.3)"],
    },
  },
  cap: {
    half: "M300 200C380 200 440 260 450 380L452 422Q376 412 300 412",
    common: "a:M286 196A14 8 0 0 0 314 196A14 8 0 0 0 286 196Z",
    front:
      "l:M300 204V412|~l:M300 204Q380 250 402 418|~s:M308 206V412|~i:@384 290 5|p:M140 408Q300 380 460 408Q484 474 452 540Q300 590 148 540Q116 474 140 408Z|~s:M154 422Q300 396 446 422|i:M148 536Q300 586 452 536Q300 560 148 536Z|c:M220 440Q300 430 380 440",
    back: "l:M300 204V350|~l:M300 204Q390 260 410 418|~i:@384 290 5|i:M250 412Q250 346 300 346Q350 346 350 412Z|a:M232 396H368V410H232Z|a:M284 392H300V414H284Z|p:M152 414Q300 430 448 414L452 432Q300 452 148 432Z",
    focus: [330, 330],
  },
  beanie: {
    half: "M300 170C392 170 446 240 452 380L456 560Q380 572 300 572",
    common: "a:@300 160 46|c:M260 210Q240 300 250 400",
    front:
      "r:M148 430Q300 446 452 430L456 560Q380 572 300 572Q220 572 144 560Z|a:M276 474H324V510H276Z|y:M282 480H318V504H282Z",
    back: "r:M148 430Q300 446 452 430L456 560Q380 572 300 572Q220 572 144 560Z|l:M300 190V430",
    texture: "knit",
    focus: [300, 470],
  },
  socks: {
    path: "M40 0H130V230Q132 250 150 256L240 262Q270 268 270 300Q270 330 240 334H80Q30 334 28 286L40 230Z",
    common:
      "r:M40 0H130V48H40Z|a:M40 212Q20 300 80 334H112Q70 300 84 232Z|a:M222 262Q246 300 226 334H240Q270 330 270 300Q270 268 240 262Z",
    front:
      "a:M40 76H130V90H40Z|a:M40 104H130V118H40Z|a:M40 132H130V146H40Z|c:M150 290Q190 300 220 296",
    back: "c:M150 290Q190 300 220 296|l:M130 230Q132 250 150 256",
    texture: "knit",
    focus: [390, 590],
    pair: {
      front: ["translate(130 180) scale(1.15)", "translate(200 300) scale(1.15)"],
      back: ["matrix(-1.15 0 0 1.15 470 180)", "matrix(-1.15 0 0 1.15 400 300)"],
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Geometry helpers

type Pt = [number, number];
const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** Closes a right-half outline (absolute M/L/H/V/Q/C only) with its mirror image. */
function mirrorHalf(half: string): string {
  const tokens = half.match(/[MLHVQC]|-?\d+(?:\.\d+)?/g) ?? [];
  let at = 0;
  const num = () => Number(tokens[at++]);
  let cur: Pt = [0, 0];
  const segments: Array<{ cmd: string; from: Pt; ctrl: Pt[]; to: Pt }> = [];
  while (at < tokens.length) {
    const cmd = tokens[at++];
    const from = cur;
    if (cmd === "M") cur = [num(), num()];
    else if (cmd === "H") cur = [num(), cur[1]];
    else if (cmd === "V") cur = [cur[0], num()];
    const ctrl: Pt[] = [];
    if (cmd === "Q" || cmd === "C") ctrl.push([num(), num()]);
    if (cmd === "C") ctrl.push([num(), num()]);
    if (cmd === "L" || cmd === "Q" || cmd === "C") cur = [num(), num()];
    if (cmd !== "M")
      segments.push({ cmd: cmd === "H" || cmd === "V" ? "L" : String(cmd), from, ctrl, to: cur });
  }
  const back = segments
    .reverse()
    .map(
      ({ cmd, from, ctrl }) =>
        cmd + [...ctrl.reverse(), from].map(([x, y]) => `${fmt(600 - x)} ${fmt(y)}`).join(" "),
    );
  return `${half}${back.join("")}Z`;
}

/** Expands the detail notation into SVG elements. */
function details(list: string): string {
  return list
    .split("|")
    .filter(Boolean)
    .map((item) => {
      const twin = item.startsWith("~");
      const [cls, shape = ""] = item.replace("~", "").split(":");
      const el = shape.startsWith("@")
        ? (([x, y, r]) => `<circle class="${cls}" cx="${x}" cy="${y}" r="${r}"/>`)(
            shape.slice(1).split(" "),
          )
        : `<path class="${cls}" d="${shape}"/>`;
      return twin ? `${el}<g transform="${MIRROR}">${el}</g>` : el;
    })
    .join("");
}

// ---------------------------------------------------------------------------------------------
// Colour helpers

const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const mix = (a: string, b: string, t: number) => {
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + ((y[i] ?? 0) - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
};
const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};
const HEX = /^#[0-9a-f]{6}$/i;

function style(color: string, accent: string, contrastStitch: boolean): string {
  const dark = luminance(color) < 0.22;
  const ink = dark ? mix(color, "#ffffff", 0.3) : mix(color, "#000000", 0.35);
  const line = mix(color, "#000000", 0.45);
  const stitch = contrastStitch
    ? accent
    : dark
      ? mix(color, "#ffffff", 0.35)
      : mix(color, "#000000", 0.28);
  const accLine = mix(accent, "#000000", 0.35);
  return [
    `.b,.p{fill:url(#f);stroke:${line};stroke-width:2.5;stroke-linejoin:round;fill-rule:evenodd}`,
    `.p{stroke:${ink};stroke-width:2}.q{fill:${mix(color, "#ffffff", 0.2)};stroke:${ink};stroke-width:2;stroke-linejoin:round}`,
    `.i{fill:${mix(color, "#000000", dark ? 0.45 : 0.25)}}.r{fill:url(#r);stroke:${ink};stroke-width:2}`,
    `.l,.s,.n,.c,.h,.w,.y{fill:none;stroke-linecap:round;stroke-linejoin:round}.l{stroke:${ink};stroke-width:2}`,
    `.s,.y{stroke:${stitch};stroke-width:1.6;stroke-dasharray:5 4}.y{stroke:${accent}}`,
    `.n{stroke:${mix(color, "#000000", 0.12)};stroke-width:12;stroke-linecap:butt}.c{stroke:#000;stroke-opacity:.07;stroke-width:14}`,
    `.h{stroke:#fff;stroke-opacity:.14;stroke-width:8}.a{fill:${accent};stroke:${accLine};stroke-width:1.5}`,
    `.w{stroke:${accent};stroke-width:4}.t{fill:url(#t)}`,
  ].join("");
}

const TEXTURES = {
  knit: '<pattern id="t" width="10" height="12" patternUnits="userSpaceOnUse"><path d="M0 2l5 7 5-7" fill="none" stroke="#000" stroke-opacity=".09"/></pattern>',
  denim:
    '<pattern id="t" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 6L6 0" stroke="#fff" stroke-opacity=".12"/></pattern>',
  terry:
    '<pattern id="t" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.2" fill="#fff" fill-opacity=".18"/></pattern>',
} as const;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`,
  );

// ---------------------------------------------------------------------------------------------
// Rendering

/** One copy of the garment (outline, texture, details) as seen from the front or the back. */
function unit(g: Garment, side: "front" | "back"): { outline: string; body: string } {
  const outline =
    (side === "back" && g.backPath) ||
    (g.half ? mirrorHalf(g.half) + (g.path ?? "") : (g.path ?? ""));
  const texture = g.texture ? '<use href="#o" class="t"/>' : "";
  const body = `<use href="#o" class="b"/>${texture}${details(`${g.common ?? ""}|${g[side] ?? ""}`)}`;
  return { outline, body };
}

/** The garment on the canvas: shadows first, then the copies (one, or two for a pair). */
function scene(g: Garment, side: "front" | "back"): string {
  const places = g.pair?.[side] ?? [""];
  const shadows = places
    .map(
      (t) =>
        `<use href="#o" transform="${t} translate(7 12)" fill="#000" opacity=".16" filter="url(#sh)"/>`,
    )
    .join("");
  return shadows + places.map((t) => `<use href="#u"${t ? ` transform="${t}"` : ""}/>`).join("");
}

function folded(g: Garment, bg: string): string {
  if (!g.fold) {
    // Small items are shown on a kraft retail card.
    return `<rect x="110" y="130" width="380" height="500" rx="18" fill="#e4d3b4" stroke="#c8b089" stroke-width="2"/><circle cx="300" cy="168" r="12" fill="${bg}" stroke="#c8b089" stroke-width="2"/><g transform="translate(300 410) scale(.66) translate(-300 -385)">${scene(g, "front")}</g>`;
  }
  const [x, y, w, h, up] = g.fold;
  const s = 380 / w;
  const box = `x="${x}" y="${y}" width="${w}" height="${h}" rx="10"`;
  const centre = `translate(300 400) scale(${fmt(s)}) translate(${-x - w / 2} ${-y - (h - up) / 2})`;
  const clip = `<clipPath id="k"><rect x="${x}" y="${y - up}" width="${w}" height="${h + up}" rx="10"/></clipPath>`;
  const edge = `<path class="c" d="M${x + 14} ${y + 20}V${y + h - 20}M${x + w - 14} ${y + 20}V${y + h - 20}"/><path class="h" d="M${x + 16} ${y + h - 6}H${x + w - 16}"/>`;
  return `<defs>${clip}</defs><g transform="${centre}"><rect ${box} transform="translate(10 22)" fill="#000" opacity=".14" filter="url(#sh)"/><rect ${box} transform="translate(0 16)" class="b"/><rect ${box} transform="translate(0 16)" opacity=".12"/><rect ${box} class="b"/><g clip-path="url(#k)"><use href="#u"/></g>${edge}</g>`;
}

/** A self-contained SVG document (600×750, 4:5) of the garment. */
export function garmentSvg(spec: GarmentSpec): string {
  const { kind, color, accent, view, label } = spec;
  if (!HEX.test(color) || !HEX.test(accent))
    throw new Error(`colours must be #rrggbb: ${color}, ${accent}`);
  const g = GARMENTS[kind];
  const side = view === "back" ? "back" : "front";
  const { outline, body } = unit(g, side);
  const light = luminance(color) > 0.78;
  const bg = mix(light ? "#e2dcd2" : "#f3efe9", color, 0.1);
  const defs = [
    `<style>${style(color, accent, g.contrastStitch ?? false)}</style>`,
    `<radialGradient id="v" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="${mix(bg, "#ffffff", 0.35)}"/><stop offset="1" stop-color="${mix(bg, "#000000", 0.04)}"/></radialGradient>`,
    `<linearGradient id="f" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(color, "#ffffff", 0.1)}"/><stop offset="1" stop-color="${mix(color, "#000000", 0.1)}"/></linearGradient>`,
    `<pattern id="r" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${mix(color, "#000000", 0.06)}"/><path d="M4 0v8" stroke="#000" stroke-opacity=".22" stroke-width="2"/></pattern>`,
    '<filter id="sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="8"/></filter>',
    g.texture ? TEXTURES[g.texture] : "",
    `<path id="o" d="${outline}"/><g id="u">${body}</g>`,
  ].join("");
  let content: string;
  if (view === "detail") {
    const [fx, fy] = g.focus;
    content = `<g transform="translate(300 375) scale(2.4) translate(${-fx} ${-fy})">${scene(g, "front")}</g>`;
  } else if (view === "folded") {
    content = folded(g, bg);
  } else {
    content = scene(g, side);
  }
  const tag = label
    ? `<g transform="translate(440 630)"><rect width="130" height="56" rx="8" fill="#fff" stroke="#b9b2a6" stroke-width="2"/><text x="65" y="36" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#3a3632">${escapeXml(label)}</text></g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" width="600" height="750"><defs>${defs}</defs><rect width="600" height="750" fill="url(#v)"/>${content}${tag}</svg>`;
}

export const GARMENT_KINDS = Object.keys(GARMENTS) as GarmentKind[];
