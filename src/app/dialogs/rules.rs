//! The rules window: for each game the key points, a quick start, the full rules, the house
//! rules, the rules all three share (draws, clock, notation) and the diagrams, drawn with the
//! board painter.

use egui::{RichText, Vec2};

use super::{Dialog, Stay};
use crate::app::board::{BoardScene, picture_ui};
use crate::app::command::{Command, Open, RulesTab};
use crate::app::i18n::Diagram;
use crate::app::lessons::Course;
use crate::app::text::game_name;
use crate::app::theme;
use crate::app::view::View;
use crate::app::widgets::wrapped_label;
use crate::rules::{GameId, Point};

/// The rules window: which game and which part of its rules it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesDialog {
    game: GameId,
    tab: RulesTab,
}

impl RulesDialog {
    /// The window on a part of a game's rules.
    pub fn new(game: GameId, tab: RulesTab) -> RulesDialog {
        RulesDialog { game, tab }
    }
}

fn paragraph(ui: &mut egui::Ui, text: &str) {
    wrapped_label(ui, RichText::new(text).size(theme::text(15.0)));
    ui.add_space(4.0);
}

fn bullet_list(ui: &mut egui::Ui, items: &[String], numbered: bool) {
    for (i, item) in items.iter().enumerate() {
        ui.horizontal_top(|ui| {
            let marker = if numbered {
                format!("{}.", i + 1)
            } else {
                "•".to_string()
            };
            ui.add_sized(
                [22.0, 18.0],
                egui::Label::new(RichText::new(marker).strong().color(theme::accent())),
            );
            wrapped_label(ui, RichText::new(item).size(theme::text(15.0)));
        });
        ui.add_space(4.0);
    }
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(6.0);
    ui.label(
        RichText::new(text)
            .size(theme::text(17.0))
            .strong()
            .color(theme::accent_dark()),
    );
    ui.add_space(2.0);
}

fn house_rule_badge(ui: &mut egui::Ui, label: &str) {
    egui::Frame::new()
        .fill(theme::badge())
        .corner_radius(egui::CornerRadius::same(4))
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| {
            ui.label(
                RichText::new(label)
                    .small()
                    .strong()
                    .color(theme::accent_dark()),
            );
        });
}

/// The scene of a help diagram.
pub fn diagram_scene(diagram: &Diagram) -> BoardScene {
    let mut scene = BoardScene::of_rows(&diagram.rows);
    scene.coordinates = true;
    scene.last_to = diagram
        .last
        .iter()
        .filter_map(|p| Point::parse(p))
        .collect();
    scene.marked = diagram
        .marked
        .iter()
        .filter_map(|p| Point::parse(p))
        .collect();
    scene
}

impl RulesDialog {
    /// The selected part of the rules.
    fn tab_ui(&self, ui: &mut egui::Ui, view: &View) {
        let i18n = view.i18n;
        let help = i18n.help(self.game);
        match self.tab {
            RulesTab::KeyPoints => {
                heading(ui, &help.name);
                bullet_list(ui, &help.key_points, false);
            }
            RulesTab::QuickStart => {
                heading(ui, i18n.t("rules.tab_quick_start"));
                bullet_list(ui, &help.quick_start, true);
            }
            RulesTab::FullRules => {
                for section in &help.rules {
                    heading(ui, &section.title);
                    for p in &section.paragraphs {
                        paragraph(ui, p);
                    }
                }
            }
            RulesTab::HouseRules => {
                ui.add(
                    egui::Label::new(
                        RichText::new(i18n.t("rules.house_intro"))
                            .italics()
                            .color(theme::muted()),
                    )
                    .wrap(),
                );
                ui.add_space(6.0);
                for rule in &help.house_rules {
                    house_rule_badge(ui, i18n.t("rules.house_badge"));
                    paragraph(ui, rule);
                    ui.add_space(4.0);
                }
            }
            RulesTab::Common => {
                let common = i18n.common_help();
                heading(ui, i18n.t("rules.draws"));
                house_rule_badge(ui, i18n.t("rules.house_badge"));
                for (title, paragraphs) in [
                    (None, &common.draws),
                    (Some("rules.timer"), &common.timer),
                    (Some("rules.notation"), &common.notation),
                ] {
                    if let Some(title) = title {
                        heading(ui, i18n.t(title));
                    }
                    for p in paragraphs {
                        paragraph(ui, p);
                    }
                }
            }
            RulesTab::Diagrams => {
                ui.label(
                    RichText::new(i18n.t("rules.diagram_legend"))
                        .small()
                        .color(theme::muted()),
                );
                ui.add_space(6.0);
                let narrow = ui.available_width() < 460.0;
                for (i, diagram) in help.diagrams.iter().enumerate() {
                    let scene = diagram_scene(diagram);
                    let caption = format!("{}. {}", i + 1, diagram.caption);
                    if narrow {
                        picture_ui(ui, &scene, 200.0);
                        paragraph(ui, &caption);
                    } else {
                        ui.horizontal_top(|ui| {
                            picture_ui(ui, &scene, 190.0);
                            ui.add_space(8.0);
                            ui.vertical(|ui| {
                                ui.add_space(8.0);
                                paragraph(ui, &caption);
                            });
                        });
                    }
                    ui.add_space(10.0);
                }
            }
        }
    }
}

impl Dialog for RulesDialog {
    fn ui(&mut self, ctx: &egui::Context, view: &View, commands: &mut Vec<Command>) -> Stay {
        let mut open = true;
        let mut learn = false;
        let i18n = view.i18n;
        let screen = ctx.content_rect();
        let size = Vec2::new(
            (screen.width() - 40.0).clamp(320.0, 760.0),
            (screen.height() - 60.0).clamp(300.0, 640.0),
        );
        egui::Window::new(i18n.t("rules.title"))
            .id(egui::Id::unique("rules_window"))
            .open(&mut open)
            .collapsible(false)
            .default_size(size)
            .max_size(screen.size() - Vec2::splat(20.0))
            .default_pos(screen.center() - size / 2.0)
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for game in GameId::ALL {
                        let name = game_name(i18n, game);
                        let text = if self.game == game {
                            RichText::new(name).strong()
                        } else {
                            RichText::new(name)
                        };
                        ui.selectable_value(&mut self.game, game, text);
                    }
                    ui.add_space(12.0);
                    // The rules the games share have a course of their own.
                    let course = match self.tab {
                        RulesTab::Common => Course::HouseRules,
                        _ => Course::of_game(self.game),
                    };
                    if ui
                        .button(i18n.t("lesson.rules_button"))
                        .on_hover_text(i18n.t("lesson.rules_button_hint"))
                        .clicked()
                    {
                        commands.push(Command::OpenLessons(course));
                        // The lesson takes the window's place.
                        learn = true;
                    }
                });
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    for tab in RulesTab::ALL {
                        ui.selectable_value(&mut self.tab, tab, i18n.t(tab.key()));
                    }
                });
                ui.add_space(4.0);
                crate::app::widgets::scroll_vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.set_max_width(ui.available_width());
                        self.tab_ui(ui, view);
                    });
            });
        if open && !learn {
            Stay::Open
        } else {
            Stay::Closed
        }
    }

    fn is_modal(&self) -> bool {
        false
    }

    fn reopen(&mut self, request: Open) -> bool {
        if let Open::Rules(game, _) = request {
            self.game = game;
        }
        true
    }
}
