//! Times the canonical value of a partizan position with the component cache, and the
//! exact remoteness search, separately: `partizan_time GAME POSITION`.

use std::time::Instant;

use grundy::games::clobber::Clobber;
use grundy::games::domineering::Domineering;
use grundy::games::hackenbush::Hackenbush;
use grundy::games::partizan::solver::{PartizanGame, PartizanSolver};
use grundy::games::partizan::Side;
use grundy::games::toadsfrogs::ToadsFrogs;

fn time<G: PartizanGame>(text: &str) -> Result<(), String> {
    let game: G = text.parse().map_err(|e| format!("{e}"))?;
    let mut solver = PartizanSolver::<G>::default();
    let start = Instant::now();
    let value = solver.value(&game);
    let valued = start.elapsed();
    let shown = solver.store().display(value);
    println!(
        "value {shown} in {valued:?} ({} ids in the store)",
        solver.store().len()
    );
    let start = Instant::now();
    let remoteness = solver.remoteness(&game, Side::Left);
    println!("remoteness {remoteness:?} in {:?}", start.elapsed());
    let start = Instant::now();
    let best = solver.choose(&game, Side::Left, false);
    println!("best {best:?} in {:?}", start.elapsed());
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(game), Some(position)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: partizan_time GAME POSITION");
        std::process::exit(2);
    };
    let result = match game.as_str() {
        "domineering" => time::<Domineering>(position),
        "toadsfrogs" => time::<ToadsFrogs>(position),
        "clobber" => time::<Clobber>(position),
        "hackenbush" => time::<Hackenbush>(position),
        other => Err(format!("unknown game {other}")),
    };
    if let Err(error) = result {
        eprintln!("{error}");
        std::process::exit(2);
    }
}
